//! `fairyboard serve` stopped by a signal drains: this test binary runs the real server,
//! sends itself SIGTERM (as `kill` or a service manager would) while a request is in flight,
//! and checks over TCP that the request still gets its answer, that new connections are
//! refused, and that `serve` returns `Ok` (the process then exits 0). One test only: the
//! signal goes to the whole test process.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fairyboard_server::{serve, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn workspace(dir: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(dir)
}

/// A definition for `POST /api/check`: a 2×2 board with a king each.
const BODY: &str = "files=2\nranks=2\nking::::a1,b2\n";

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_requests_in_flight_and_refuses_new_ones() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = Config {
        web_dir: workspace("web"),
        art_dir: workspace("art"),
        variants_dir: workspace("variants"),
        ..Config::default()
    };
    let server = tokio::spawn(serve(listener, config));

    // An answered request first: the server loop (and its signal handlers) is running.
    let mut first = TcpStream::connect(addr).await.unwrap();
    first
        .write_all(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut got = Vec::new();
    first.read_to_end(&mut got).await.unwrap();
    assert!(got.starts_with(b"HTTP/1.1 "), "{got:?}");

    // The slow request: headers and half its body now, the rest after the signal.
    let (head, tail) = BODY.split_at(BODY.len() / 2);
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n\
         Content-Length: {}\r\n\r\n{head}",
        BODY.len()
    );
    slow.write_all(request.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let kill = std::process::Command::new("kill")
        .args(["-TERM", &std::process::id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());

    // New connections are refused once the listener is closed (within a few seconds). A
    // connect that reached the kernel's backlog just as the listener closed is reset
    // instead of refused: either way the new connection is not served.
    let since = Instant::now();
    loop {
        match TcpStream::connect(addr).await {
            Err(e) => {
                assert!(
                    matches!(
                        e.kind(),
                        std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::ConnectionReset
                    ),
                    "{e}"
                );
                break;
            }
            Ok(_) => {
                assert!(since.elapsed() < Duration::from_secs(5), "still accepting");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    assert!(
        !server.is_finished(),
        "stopped before the request in flight was answered"
    );

    // The request in flight completes and is answered.
    slow.write_all(tail.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), slow.read_to_end(&mut answer))
        .await
        .expect("answered within the drain time")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"errors\""), "{answer}");

    // Then `serve` returns Ok by itself.
    let done = tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("serve returns once drained")
        .unwrap();
    assert!(done.is_ok(), "{done:?}");
}
