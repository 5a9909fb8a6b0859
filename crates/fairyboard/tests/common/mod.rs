//! The engine binary driven over stdin/stdout, shared by the protocol transcripts (`uci`,
//! `xboard`, `protocols`).
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

pub fn variants_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
}

/// `fairyboard PROTOCOL` with the catalogue's variants, its stdio piped.
pub fn spawn(protocol: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg(protocol)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Wait for the engine to end (its input closed) and collect its output lines; it must
/// exit successfully.
pub fn finish(child: Child) -> Vec<String> {
    let out = child.wait_with_output().expect("finishes");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Feed `input` at once, then end the input (which quits); collect the output lines.
pub fn session(protocol: &str, input: &str) -> Vec<String> {
    let mut child = spawn(protocol);
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    finish(child)
}
