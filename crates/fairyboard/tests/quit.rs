//! `quit` sent while the engine searches ends the process promptly, under both protocols.
//! A GUI that closes sends `quit` and waits a moment before killing the engine; an engine
//! that finishes its search first (or never, in analysis) would be killed, or linger.
//! The input stays open, so only the command itself can end the process.

use std::io::Write;
use std::process::Child;
use std::time::{Duration, Instant};

mod common;

/// Send `setup`, let the search run for half a second, send `quit` with stdin still open,
/// and return how long the process took to exit after it (None: it had not exited within
/// five seconds, and was killed).
fn quit_during_search(protocol: &str, setup: &str) -> Option<Duration> {
    let mut child: Child = common::spawn(protocol);
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(setup.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        child.try_wait().expect("wait").is_none(),
        "{protocol}: the engine must still be searching before quit"
    );
    stdin.write_all(b"quit\n").expect("write quit");
    stdin.flush().expect("flush");
    let sent = Instant::now();
    while sent.elapsed() < Duration::from_secs(5) {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{protocol}: exit status {status}");
            drop(stdin);
            return Some(sent.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn uci_quit_during_an_infinite_search_exits() {
    let took = quit_during_search("uci", "uci\nisready\nposition startpos\ngo infinite\n");
    let took = took.expect("uci: still running five seconds after quit");
    assert!(took < Duration::from_secs(2), "uci: {took:?}");
}

#[test]
fn xboard_quit_during_analysis_exits() {
    let took = quit_during_search("xboard", "xboard\nprotover 2\nnew\npost\nanalyze\n");
    let took = took.expect("xboard: still running five seconds after quit");
    assert!(took < Duration::from_secs(2), "xboard: {took:?}");
}

#[test]
fn xboard_quit_while_thinking_on_a_move_exits() {
    // `st 600`: ten minutes a move, so only `quit` can end this search in time.
    let took = quit_during_search("xboard", "xboard\nprotover 2\nnew\nst 600\ngo\n");
    let took = took.expect("xboard: still running five seconds after quit");
    assert!(took < Duration::from_secs(2), "xboard: {took:?}");
}
