//! Embeds the project's piece art (`art/`, see `art/MANIFEST.md`) in the library, so a
//! diagram renders the same from any working directory and the binary needs no data files.
//! Generates `$OUT_DIR/art_files.rs`: every SVG under `art/`, by path (the index is read by
//! the fairyboard-art crate).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, root, out);
        } else if p.extension().is_some_and(|x| x == "svg") {
            let rel = p.strip_prefix(root).expect("under root");
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, p.canonicalize().expect("art file path")));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let art = manifest
        .join("../../art")
        .canonicalize()
        .expect("the art/ folder");
    println!("cargo:rerun-if-changed={}", art.display());
    let mut files = Vec::new();
    collect(&art, &art, &mut files);
    files.sort();
    let mut code = String::new();
    let _ = writeln!(code, "pub(crate) static FILES: &[(&str, &str)] = &[");
    for (rel, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    let _ = writeln!(code, "];");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("art_files.rs");
    std::fs::write(out, code).expect("write art_files.rs");
}
