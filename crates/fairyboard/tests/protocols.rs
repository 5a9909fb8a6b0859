//! The two protocols on one move line: UCI and XBoard share the engine glue, so a game is
//! judged the same way whichever brings it. Expected values by hand: in chess the knight
//! shuffle Nf3 Nf6 Ng1 Ng8 returns to the start position every four plies, so the start
//! position occurs for the third time after eight plies (after ply 0, 4 and 8), which is a
//! draw by the default `repetition=3`; after seven plies it is not.

mod common;

use common::session;

const SHUFFLE: [&str; 8] = [
    "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
];
const DECLARED: &str = "1/2-1/2 {repetition}";

/// What each protocol says about the game after the first `plies` moves of the shuffle:
/// the result it declares, if any.
fn declared(plies: usize) -> (Option<String>, Option<String>) {
    let moves = SHUFFLE[..plies].join(" ");
    let uci = session(
        "uci",
        &format!("position startpos moves {moves}\ngo depth 1\n"),
    );
    let uci_result = uci
        .iter()
        .find_map(|l| l.strip_prefix("info string "))
        .map(str::to_string);
    let usermoves: String = SHUFFLE[..plies]
        .iter()
        .map(|m| format!("usermove {m}\n"))
        .collect();
    let xboard = session(
        "xboard",
        &format!("xboard\nprotover 2\nnew\nforce\n{usermoves}ping 1\n"),
    );
    assert!(xboard.iter().any(|l| l == "pong 1"), "{xboard:?}");
    assert!(
        !xboard.iter().any(|l| l.starts_with("Illegal")),
        "{xboard:?}"
    );
    let xboard_result = xboard
        .iter()
        .find(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2-1/2"))
        .cloned();
    if uci_result.is_some() {
        assert_eq!(uci.last().map(String::as_str), Some("bestmove (none)"));
    } else {
        assert!(
            uci.last()
                .is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove (none)"),
            "{uci:?}"
        );
    }
    (uci_result, xboard_result)
}

#[test]
fn repetition_is_declared_on_the_third_occurrence_by_both_protocols() {
    let (uci, xboard) = declared(8);
    assert_eq!(uci.as_deref(), Some(DECLARED));
    assert_eq!(xboard.as_deref(), Some(DECLARED));
}

#[test]
fn the_second_occurrence_is_no_draw_for_either_protocol() {
    // After four plies the start position is back for the second time; after seven the
    // position after Nf3 Nf6 Ng1 has occurred twice. Neither is a draw.
    for plies in [4, 7] {
        assert_eq!(declared(plies), (None, None), "after {plies} plies");
    }
}

#[test]
fn a_move_after_the_draw_is_refused_by_both_protocols() {
    let all = SHUFFLE.join(" ");
    let uci = session(
        "uci",
        &format!("position startpos moves {all} e2e4\ngo depth 1\n"),
    );
    // The line is refused as a whole: the engine keeps the start position and moves.
    assert!(
        uci.iter()
            .any(|l| l.starts_with("info string error: illegal move") && l.contains("over")),
        "{uci:?}"
    );
    let usermoves: String = SHUFFLE.iter().map(|m| format!("usermove {m}\n")).collect();
    let xboard = session(
        "xboard",
        &format!("xboard\nprotover 2\nnew\nforce\n{usermoves}usermove e2e4\nping 1\n"),
    );
    assert!(
        xboard
            .iter()
            .any(|l| l == "Illegal move (the game is over: 1/2-1/2): e2e4"),
        "{xboard:?}"
    );
}
