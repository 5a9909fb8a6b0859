//! Print the warnings, canonical form and compiled program of move descriptors.
//!
//! ```text
//! cargo run -p xbetza --example dump -- KisO2 mafsW
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut ok = true;
    for arg in std::env::args().skip(1) {
        match xbetza::parse(&arg) {
            Err(e) => {
                eprintln!("{arg}: {e}");
                ok = false;
            }
            Ok(d) => {
                for w in &d.warnings {
                    println!("warning: {w}");
                }
                println!("{arg} -> {d}");
                match xbetza::compile(&d, &xbetza::CompileOptions::default()) {
                    Ok(p) => print!("{p}"),
                    Err(e) => {
                        eprintln!("{arg}: {e}");
                        ok = false;
                    }
                }
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
