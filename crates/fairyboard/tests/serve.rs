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
    start_logged().0
}

/// The server and its stderr after the first line (the access log).
fn start_logged() -> (Server, BufReader<std::process::ChildStderr>) {
    let variants = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["serve", "--port", "0"])
        .env("FAIRYBOARD_VARIANTS", variants)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    stderr.read_line(&mut line).expect("a first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Server { child, addr }, stderr)
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

/// Each request writes one `access` line to stderr: method, path without the query (a FEN
/// may be 40 KB), the status sent, and the time taken in milliseconds.
#[test]
fn each_request_is_logged_with_its_status_and_time() {
    let (server, stderr) = start_logged();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    assert!(get(
        &server.addr,
        "/api/moves?variant=chess&fen=8/8/8/8/8/8/8/K6k%20w%20-%20-%200%201"
    )
    .starts_with("HTTP/1.1 200"));
    assert!(get(&server.addr, "/no/such/page").starts_with("HTTP/1.1 404"));
    let mut access = Vec::new();
    while access.len() < 2 {
        let line = rx
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("no access line; got {access:?}"));
        if line.starts_with("access ") {
            access.push(line);
        }
    }
    let fields = |line: &str| -> Vec<(String, String)> {
        line.split_whitespace()
            .skip(1)
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or_else(|| panic!("{line}"));
                (k.to_string(), v.to_string())
            })
            .collect()
    };
    for (line, path, status) in [
        (&access[0], "/api/moves", "200"),
        (&access[1], "/no/such/page", "404"),
    ] {
        let f = fields(line);
        let keys: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["method", "path", "status", "ms"], "{line}");
        assert_eq!(f[0].1, "GET", "{line}");
        assert_eq!(f[1].1, path, "{line}");
        assert_eq!(f[2].1, status, "{line}");
        let ms: f64 = f[3].1.parse().unwrap_or_else(|_| panic!("{line}"));
        assert!((0.0..10_000.0).contains(&ms), "{line}");
        assert!(!line.contains("fen"), "the query is not logged: {line}");
    }
}

/// The server's resident memory (VmRSS of /proc/PID/status), in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Sixteen of the largest images the server draws (a 64×64 board at size 78: 4992 × 4992
/// pixels, about 250 MB each while drawn), asked for at once: the server's memory stays
/// under 1 GB (the pixel budget draws them in turn), a cheap request is answered within 1 s
/// meanwhile, and afterwards the memory is given back (within 100 MB of where it started;
/// each image alone is over 70 MB of pixels).
///
/// Slow (the images take a few seconds each): `cargo test -p fairyboard --test serve --
/// --ignored`.
#[test]
#[ignore]
fn a_burst_of_the_largest_images_keeps_memory_bounded() {
    let server = start();
    let pid = server.child.id();
    let idle = rss_kb(pid);
    let ranks = vec!["64"; 64].join("/");
    let target = format!("/d?ff={ranks}&runs=multi&size=78");
    let drawing: Vec<_> = (0..16)
        .map(|_| {
            let (addr, target) = (server.addr.clone(), target.clone());
            std::thread::spawn(move || get(&addr, &target))
        })
        .collect();
    let mut peak = 0;
    let mut cheap = None;
    let started = std::time::Instant::now();
    while drawing.iter().any(|h| !h.is_finished()) {
        peak = peak.max(rss_kb(pid));
        if cheap.is_none() && started.elapsed() > Duration::from_secs(1) {
            let asked = std::time::Instant::now();
            let r = get(&server.addr, "/api/moves?variant=chess");
            assert!(r.starts_with("HTTP/1.1 200"), "{r}");
            cheap = Some(asked.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut drawn = 0;
    for h in drawing {
        let r = h.join().unwrap();
        // Drawn, or refused after the time budget (10 s) when the queue was too long.
        assert!(
            r.starts_with("HTTP/1.1 200") || r.starts_with("HTTP/1.1 503"),
            "{}",
            r.chars().take(200).collect::<String>()
        );
        drawn += usize::from(r.starts_with("HTTP/1.1 200"));
    }
    assert!(drawn > 0, "no image drawn");
    assert!(peak < 1024 * 1024, "peak RSS {peak} kB");
    let cheap = cheap.expect("a cheap request during the burst");
    assert!(
        cheap < Duration::from_secs(1),
        "cheap request took {cheap:?}"
    );
    std::thread::sleep(Duration::from_millis(500));
    let after = rss_kb(pid);
    eprintln!("RSS idle {idle} kB, peak {peak} kB, after {after} kB; {drawn} of 16 drawn; cheap request {cheap:?}");
    assert!(
        after < idle + 100 * 1024,
        "RSS after the burst {after} kB (idle {idle} kB)"
    );
}
