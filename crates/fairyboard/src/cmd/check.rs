//! `fairyboard check <FILE|->`: every diagnostic of a definition, for its author. Each line
//! names line, column, piece or parameter, and what fairyboard did about the problem; the
//! exit status is non-zero only when no game can be built (an error). `--json` prints one
//! object for tools.

use std::io::Read as _;

use fairyboard_core::definition::{check, Checked};

#[derive(clap::Args)]
pub struct Args {
    /// The definition file, or `-` for standard input.
    file: String,
    /// Print a JSON object: `{"ok", "errors", "warnings", "diagnostics": [...]}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<String, String> {
    let (name, text) = if args.file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("reading standard input: {e}"))?;
        ("stdin".to_string(), text)
    } else {
        let path = std::path::Path::new(&args.file);
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("variant")
            .to_string();
        (name, text)
    };
    let Checked {
        variant,
        diagnostics,
        ..
    } = check(&name, &text);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let report = if args.json {
        let value = serde_json::json!({
            "ok": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "diagnostics": diagnostics,
        });
        format!("{value}\n")
    } else {
        let mut out: String = diagnostics.iter().map(|d| format!("{d}\n")).collect();
        match &variant {
            Some(v) => out.push_str(&format!(
                "{name}: loads ({}x{}, {} piece types); {warnings} warning(s)\n",
                v.geometry.files,
                v.geometry.ranks,
                v.pieces.len()
            )),
            None => out.push_str(&format!(
                "{name}: refused; {errors} error(s), {warnings} warning(s)\n"
            )),
        }
        out
    };
    if errors == 0 {
        Ok(report)
    } else {
        // The report goes to standard output like a clean one; the failure to the caller.
        print!("{report}");
        Err(format!("{name}: {errors} error(s) in the definition"))
    }
}
