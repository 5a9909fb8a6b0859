//! `fairyboard rules <VARIANT> [-o FILE]`: the variant's generated rules page (HTML), to
//! standard output or a file.

use fairyboard_core::catalogue;
use fairyboard_render::rules_page;

#[derive(clap::Args)]
pub struct Args {
    /// A definition file, or a catalogue name (variants/NAME.txt).
    variant: String,
    /// Write the page to this file instead of standard output.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<String, String> {
    let variant = catalogue::load(&args.variant).map_err(|e| e.to_string())?;
    let page = rules_page::html(&variant);
    match args.output {
        Some(path) => {
            std::fs::write(&path, page).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(String::new())
        }
        None => Ok(page),
    }
}
