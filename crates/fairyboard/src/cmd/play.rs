//! `fairyboard play` (issue #3).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<String, String> {
    Err("`play` is not built yet (issue #3)".into())
}
