//! `fairyboard render` (issue #5).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<String, String> {
    Err("`render` is not built yet (issue #5)".into())
}
