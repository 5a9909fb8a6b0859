//! `fairyboard serve` over real loopback TCP: the binary listens on 127.0.0.1 by default,
//! answers HTTP/1.1, refuses a 1 MB request line without dying, and keeps serving.
//! (The routes themselves are tested in process in `crates/server/tests/http.rs`.)
//!
//! Expected values: the 20 first moves of chess (chessprogramming.org/Perft_Results).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The server process, stopped (by its own id) when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let variants = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["serve", "--port", "0"])
        .env("FAIRYBOARD_VARIANTS", variants)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("a first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// Send raw request bytes; the whole answer (the server closes after it).
fn exchange(addr: &str, request: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // The server may answer and close before a huge request is fully sent.
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn get(addr: &str, target: &str) -> String {
    exchange(
        addr,
        format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

#[test]
fn serves_over_loopback_and_survives_a_huge_request() {
    let server = start();
    assert!(
        server.addr.starts_with("127.0.0.1:"),
        "loopback by default: {}",
        server.addr
    );
    let r = get(&server.addr, "/api/moves?variant=chess");
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    assert!(r.contains("\"count\":20"), "{r}");
    assert!(r.contains("\"g1f3\""));

    let huge = format!(
        "GET /d?ff={} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        "8/".repeat(512 * 1024)
    );
    let r = exchange(&server.addr, huge.as_bytes());
    // Refused by the HTTP layer (or our own bound), never answered with an image.
    assert!(
        r.is_empty() || r.starts_with("HTTP/1.1 4"),
        "{}",
        r.chars().take(200).collect::<String>()
    );

    let r = get(&server.addr, "/");
    assert!(r.starts_with("HTTP/1.1 200"), "still serving: {r}");
    assert!(r.contains("/variants/chess"));
}
