//! `fairyboard serve` (issue #5).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<String, String> {
    Err("`serve` is not built yet (issue #5)".into())
}
