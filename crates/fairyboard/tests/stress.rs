//! The engines under stress: commands that must act during a search (UCI `isready` and
//! `stop`, XBoard `?`), a `go` that must always be answered, bad numbers reported per
//! protocol, and a FEN with a huge hand that must not block the loop. Expected answers
//! come from the protocols' specifications (UCI: "isready ... must always be answered with
//! readyok, also when the engine is calculating"; "stop ... stop calculating as soon as
//! possible"; XBoard/CECP: `go` makes the engine move, `Error (ERRORTYPE): COMMAND` for
//! a command it cannot handle) and from hand-checked positions.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

mod common;

/// An engine process with its output lines read on a thread, each with its arrival time.
struct Driver {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    /// Everything read so far, for failure messages.
    seen: Vec<String>,
}

impl Driver {
    fn new(protocol: &str) -> Driver {
        let mut child = common::spawn(protocol);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Driver {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Send lines; returns when they were written.
    fn send(&mut self, text: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(text.as_bytes()).expect("write");
        stdin.flush().expect("flush");
        Instant::now()
    }

    /// The first line (from now on) that `want` accepts, with its arrival time; panics
    /// after `limit`.
    fn expect(&mut self, want: impl Fn(&str) -> bool, limit: Duration) -> (Instant, String) {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return (at, line);
                    }
                }
                Err(_) => panic!("no expected line within {limit:?}; got {:?}", self.seen),
            }
        }
    }

    /// Close the input (the engine quits) and wait for the exit.
    fn close(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("exits");
        assert!(status.success(), "{status}");
    }
}

/// `isready` during `go infinite` answers at once, and `stop` ends the search within
/// 100 ms, in `variant`.
fn isready_and_stop_during_a_search(variant: &str) {
    let mut e = Driver::new("uci");
    e.send(&format!(
        "uci\nsetoption name UCI_Variant value {variant}\nposition startpos\n"
    ));
    e.expect(|l| l == "uciok", Duration::from_secs(10));
    e.send("go infinite\n");
    // Let the search get going: its first iterations report.
    e.expect(|l| l.starts_with("info depth"), Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(300));
    let asked = e.send("isready\n");
    let (at, line) = e.expect(
        |l| l == "readyok" || l.starts_with("bestmove"),
        Duration::from_secs(5),
    );
    assert_eq!(
        line, "readyok",
        "answered only after the search: {:?}",
        e.seen
    );
    assert!(at - asked < Duration::from_millis(500), "{:?}", at - asked);
    stop_ends_the_search_fast(&mut e, variant);
    e.close();
}

/// `stop` during a search: `bestmove` within 100 ms.
fn stop_ends_the_search_fast(e: &mut Driver, what: &str) {
    let stopped = e.send("stop\n");
    let (at, _) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(5));
    // The search polls the flag the reader raises; the rest is pipe and scheduling.
    assert!(
        at - stopped < Duration::from_millis(100),
        "{what}: stop took {:?}",
        at - stopped
    );
}

#[test]
fn uci_answers_isready_during_a_search_and_stops_fast() {
    isready_and_stop_during_a_search("chess");
}

#[test]
fn uci_stops_fast_in_a_slow_variant() {
    // Mighty-Lion Chess searches the fewest nodes per second of the catalogue (its lion
    // moves twice); polling the stop flag every 2048 nodes took about 200 ms there.
    isready_and_stop_during_a_search("lion");
}

#[test]
fn uci_stop_right_after_go_is_not_lost() {
    // `stop` queued behind `go` before the search starts must still end it. Before, the
    // search lowered the stop flag when it started, and `go infinite` then ran forever.
    let mut e = Driver::new("uci");
    e.send("position startpos\ngo infinite\nstop\n");
    e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(5));
    // ...and a `stop` sent while idle does not cancel the next search.
    e.send("stop\nisready\n");
    e.expect(|l| l == "readyok", Duration::from_secs(5));
    e.send("go depth 3\n");
    let (_, best) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(20));
    assert_ne!(best, "bestmove (none)", "{:?}", e.seen);
    assert!(
        e.seen.iter().any(|l| l.starts_with("info depth 3 ")),
        "{:?}",
        e.seen
    );
    e.close();
}

#[test]
fn uci_bad_go_values_are_reported_and_the_search_still_answers() {
    let cases = [
        ("go depth NaN movetime 50", "go depth 'NaN'"),
        ("go depth -3 movetime 50", "go depth '-3'"),
        ("go depth 1000 movetime 50", "go depth '1000'"),
        ("go depth 2.5 movetime 50", "go depth '2.5'"),
        ("go movetime inf depth 2", "go movetime 'inf'"),
        ("go movetime 1e300 depth 2", "go movetime '1e300'"),
        ("go nodes 0 depth 2", "go nodes '0'"),
        ("go wtime -500 btime -500", "go wtime '-500'"),
        ("go wtime NaN btime NaN depth 2", "go wtime 'NaN'"),
        ("go wtime 1000 winc -5 btime 1000 depth 2", "go winc '-5'"),
        ("go movetime 50 depth", "go depth ''"),
    ];
    let mut e = Driver::new("uci");
    e.send("position startpos\n");
    for (go, named) in cases {
        e.send(&format!("{go}\n"));
        let (_, err) = e.expect(
            |l| l.starts_with("info string error"),
            Duration::from_secs(5),
        );
        assert!(err.contains(named), "{go}: {err}");
        let (_, best) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(20));
        assert_ne!(best, "bestmove (none)", "{go}");
    }
    e.close();
}

#[test]
fn a_huge_hand_is_refused_at_once_by_both_protocols() {
    // 100,000 pawns in White's hand: over the 65,535 a hand may hold. Before, parsing
    // rebuilt the rest of the hand per character and blocked the loop for 12-15 s.
    let fen = format!(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[{}] w 0 1",
        "P".repeat(100_000)
    );
    let mut e = Driver::new("uci");
    e.send("setoption name UCI_Variant value shogi\n");
    let asked = e.send(&format!("position fen {fen}\nisready\n"));
    let (_, err) = e.expect(
        |l| l.starts_with("info string error"),
        Duration::from_secs(5),
    );
    assert!(err.contains("65535"), "{err}");
    let (at, _) = e.expect(|l| l == "readyok", Duration::from_secs(5));
    assert!(at - asked < Duration::from_secs(2), "{:?}", at - asked);
    e.close();

    let mut e = Driver::new("xboard");
    e.send("xboard\nprotover 2\nvariant shogi\n");
    let asked = e.send(&format!("setboard {fen}\nping 7\n"));
    let (_, err) = e.expect(|l| l.starts_with("tellusererror"), Duration::from_secs(5));
    assert!(err.contains("65535"), "{err}");
    let (at, _) = e.expect(|l| l == "pong 7", Duration::from_secs(5));
    assert!(at - asked < Duration::from_secs(2), "{:?}", at - asked);
    e.close();
}

/// The Shogi position of the drop-mate report, made legal (one king a side, the report's
/// two a side is now refused): bare kings and nine pawns in each hand, so nearly every
/// move is a drop and every checking pawn drop asks whether it mates. `go movetime 1000`
/// must answer within about its time, and `stop` a `go infinite` within 100 ms.
#[test]
fn uci_keeps_time_in_a_drop_heavy_shogi_position() {
    let mut e = Driver::new("uci");
    e.send(
        "setoption name UCI_Variant value shogi\n\
         position fen k8/9/9/9/9/9/9/9/K8[PPPPPPPPPppppppppp] w - - 0 1\nisready\n",
    );
    e.expect(|l| l == "readyok", Duration::from_secs(10));
    let asked = e.send("go movetime 1000\n");
    let (at, best) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(10));
    assert_ne!(best, "bestmove (none)");
    assert!(
        at - asked < Duration::from_millis(2000),
        "movetime 1000 answered after {:?}",
        at - asked
    );
    e.send("go infinite\n");
    e.expect(|l| l.starts_with("info depth"), Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(300));
    stop_ends_the_search_fast(&mut e, "shogi drops");
    e.close();
}

/// A position with more royals than the variant can ever give a side (two kings a side
/// in Shogi) is refused by both protocols with the reason, and the old position stays.
#[test]
fn impossible_royals_are_refused_by_both_protocols() {
    let fen = "k1k6/9/9/9/9/9/9/9/K1K6[PPP] w - - 0 1";
    let mut e = Driver::new("uci");
    e.send(&format!(
        "setoption name UCI_Variant value shogi\nposition fen {fen}\ngo depth 1\n"
    ));
    let (_, err) = e.expect(
        |l| l.starts_with("info string error"),
        Duration::from_secs(5),
    );
    assert!(err.contains("White has 2 royal pieces (a1, c1)"), "{err}");
    // The search runs on the start position, which stayed: a pawn, not a drop.
    let (_, best) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(20));
    assert!(!best.contains('@'), "{best}");
    e.close();

    let mut e = Driver::new("xboard");
    e.send(&format!(
        "xboard\nprotover 2\nvariant shogi\nsetboard {fen}\nping 3\n"
    ));
    let (_, err) = e.expect(|l| l.starts_with("tellusererror"), Duration::from_secs(5));
    assert!(err.contains("White has 2 royal pieces (a1, c1)"), "{err}");
    e.expect(|l| l == "pong 3", Duration::from_secs(5));
    e.close();
}

/// A 10 MB line is skipped with an error (it is never held whole), and the engines go
/// on answering the next commands.
#[test]
fn a_huge_line_is_an_error_and_the_engines_keep_working() {
    let line = format!("position fen {}\n", "8/".repeat(10 << 20 >> 1));
    let mut e = Driver::new("uci");
    e.send(&line);
    let asked = e.send("isready\n");
    let (_, err) = e.expect(
        |l| l.starts_with("info string error"),
        Duration::from_secs(10),
    );
    assert!(err.contains("over the limit of 1048576"), "{err}");
    let (at, _) = e.expect(|l| l == "readyok", Duration::from_secs(10));
    assert!(at - asked < Duration::from_secs(2), "{:?}", at - asked);
    e.send("position startpos moves e2e4\ngo depth 2\n");
    let (_, best) = e.expect(|l| l.starts_with("bestmove "), Duration::from_secs(20));
    assert_ne!(best, "bestmove (none)");
    e.close();

    let mut e = Driver::new("xboard");
    e.send("xboard\nprotover 2\n");
    e.send(&line.replacen("position fen", "setboard", 1));
    e.send("ping 9\n");
    let (_, err) = e.expect(|l| l.starts_with("Error"), Duration::from_secs(10));
    assert!(err.starts_with("Error (line too long): "), "{err}");
    e.expect(|l| l == "pong 9", Duration::from_secs(10));
    e.close();
}

/// After 1.f3 e5 2.g4 Qh4 White is checkmated (the "fool's mate").
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// Black king a8, White queen b6 and king c1, Black to move: no legal move, no check.
const STALEMATE: &str = "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1";

#[test]
fn xboard_answers_go_on_a_finished_game_with_the_result() {
    let mut e = Driver::new("xboard");
    e.send("xboard\nprotover 2\nforce\n");
    e.send(&format!("setboard {FOOLS_MATE}\ngo\n"));
    let (_, line) = e.expect(|l| !l.starts_with("feature"), Duration::from_secs(5));
    assert!(line.starts_with("0-1 {"), "{line}");
    e.send(&format!("force\nsetboard {STALEMATE}\ngo\n"));
    let (_, line) = e.expect(|l| !l.starts_with("feature"), Duration::from_secs(5));
    assert!(line.starts_with("1/2-1/2 {"), "{line}");
    e.close();
}

#[test]
fn xboard_move_now_right_after_go_is_not_lost() {
    // Five minutes on the clock gives a search of seconds; `?` right behind `go` must end
    // it at once with a move.
    let mut e = Driver::new("xboard");
    e.send("xboard\nprotover 2\nnew\nlevel 0 5 0\nforce\n");
    let asked = e.send("go\n?\n");
    let (at, line) = e.expect(|l| l.starts_with("move "), Duration::from_secs(30));
    assert!(
        at - asked < Duration::from_secs(2),
        "{line} after {:?}",
        at - asked
    );
    e.close();
}

#[test]
fn xboard_bad_times_and_depths_are_errors() {
    let cases = [
        "st nan",
        "st inf",
        "st -1",
        "st 1e300",
        "sd 0",
        "sd 1000",
        "time nan",
        "time -100",
        "time 1e300",
        "level 40 nan 0",
        "level 40 5 -1",
        "level 40 5 inf",
    ];
    let mut e = Driver::new("xboard");
    e.send("xboard\nprotover 2\n");
    for (i, c) in cases.iter().enumerate() {
        e.send(&format!("{c}\nping {i}\n"));
        let (_, line) = e.expect(
            |l| l.starts_with("Error") || l.starts_with("pong"),
            Duration::from_secs(5),
        );
        assert!(line.starts_with("Error (bad "), "{c}: {line}");
        assert!(line.ends_with(c), "{c}: {line}");
        e.expect(|l| l == format!("pong {i}"), Duration::from_secs(5));
    }
    // Sane values pass silently.
    e.send("st 1\nsd 5\ntime 6000\nlevel 40 5 0\nlevel 0 2:30 1.5\nping 99\n");
    let (_, line) = e.expect(|l| !l.starts_with("feature"), Duration::from_secs(5));
    assert_eq!(line, "pong 99");
    e.close();
}

#[test]
fn perft_beyond_the_depth_limit_is_refused_at_once() {
    // Chess perft 11 is about 2.1 quadrillion paths (published: 2,097,651,003,696,806):
    // a request for it is refused, not started.
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["perft", "chess", "11"])
        .env("FAIRYBOARD_VARIANTS", common::variants_dir())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("perft depth of 11 is over the limit of 10"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}
