//! `fairyboard uci` (issue #6).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<String, String> {
    Err("`uci` is not built yet (issue #6)".into())
}
