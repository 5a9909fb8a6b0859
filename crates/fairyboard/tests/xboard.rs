//! XBoard protocol transcripts: the engine binary is driven over stdin/stdout and its
//! answers checked. Expected values: the `setup` FEN is the catalogue file's own
//! `# fen:` line (taken from Fairy-Stockfish), `piece` lines are read from the definition
//! text independently of the engine, highlight boards and mates are worked out by hand.

mod common;

use common::variants_dir;
use std::io::Write;
use std::process::{Command, Stdio};

/// Feed `input` (then end of input, which quits) and collect the output lines.
fn session(input: &str) -> Vec<String> {
    common::session("xboard", input)
}

fn has(lines: &[String], want: &str) -> bool {
    lines.iter().any(|l| l == want)
}

/// The `setup (TABLE) REST` line of a session: the piece table and what follows it.
fn setup_line(out: &[String]) -> (String, String) {
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup ("))
        .expect("setup");
    let close = setup.find(") ").expect("a closing parenthesis");
    (setup[7..close].to_string(), setup[close + 2..].to_string())
}

#[test]
fn protover_announces_the_features_and_the_catalogue() {
    let out = session("xboard\nprotover 2\n");
    let features = out
        .iter()
        .find(|l| l.contains("variants="))
        .expect("features");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "sigint=0",
        "sigterm=0",
        "highlight=1",
        "myname=\"fairyboard\"",
    ] {
        assert!(features.contains(f), "{f} missing in {features}");
    }
    let list = features.split("variants=\"").nth(1).unwrap();
    let list: Vec<&str> = list.trim_end_matches('"').split(',').collect();
    // Every catalogue file is offered (chess as XBoard's "normal").
    for entry in std::fs::read_dir(variants_dir()).unwrap() {
        let name = entry.unwrap().path();
        let stem = name.file_stem().unwrap().to_str().unwrap().to_string();
        // XBoard starts a game it knows by name from its own array: our traditional
        // courier goes by another name (XBoard's is Fairy-Max's array).
        let expect = match stem.as_str() {
            "chess" => "normal".to_string(),
            "courier" => "courier-traditional".to_string(),
            _ => stem,
        };
        assert!(list.contains(&expect.as_str()), "{expect} not offered");
    }
    assert_eq!(out.last().map(String::as_str), Some("feature done=1"));
}

/// The `name:ID:betza:...` piece lines of a definition, read directly from its text.
fn definition_pieces(name: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(variants_dir().join(format!("{name}.txt"))).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.contains('=') && l.matches(':').count() >= 4)
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn variant_sends_setup_and_piece_lines_from_the_definition() {
    for (name, size, fen) in [
        (
            "capablanca",
            "10x8+0_capablanca",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ),
        (
            "shatranj",
            "8x8+0_shatranj",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        ),
    ] {
        let out = session(&format!("xboard\nprotover 2\nvariant {name}\nping 3\n"));
        let (chars, rest) = setup_line(&out);
        let setup = format!("({chars}) {rest}");
        let chars = chars.as_str();
        let rest: Vec<&str> = rest.splitn(2, ' ').collect();
        assert_eq!(rest[0], size, "{setup}");
        assert_eq!(rest[1], fen, "{setup}");
        // White half upper case, Black half the same letters in lower case, king last.
        assert_eq!(chars.len() % 2, 0);
        let (white, black) = chars.split_at(chars.len() / 2);
        assert_eq!(white.to_lowercase(), black);
        assert!(white.ends_with('K'));
        let pieces = definition_pieces(name);
        for (id, betza) in &pieces {
            assert_eq!(white.matches(id.as_str()).count(), 1, "{id} in {white}");
            assert!(
                has(&out, &format!("piece {id}& {betza}")),
                "piece {id}& {betza}: {out:?}"
            );
        }
        assert!(has(&out, "pong 3"));
    }
}

#[test]
fn fairy_max_names_are_understood() {
    // Fairy-Max and XBoard call Great Shatranj `great`: the catalogue's game, set up from
    // its file's own start (`# fen:` line), not an error and a game of chess.
    let text = std::fs::read_to_string(variants_dir().join("great-shatranj.txt")).unwrap();
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("# fen: "))
        .expect("fen line");
    let out = session("xboard\nprotover 2\nvariant great\nping 1\n");
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    let (_, rest) = setup_line(&out);
    assert!(rest.starts_with("10x8+0_"), "{out:?}");
    assert!(rest.ends_with(&format!(" {fen}")), "{out:?}");
    // The first move is a great-shatranj move (a woody rook's jump), not a chess one.
    let out = session("xboard\nprotover 2\nvariant great\nforce\nusermove a1a3\nping 2\n");
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
    assert!(has(&out, "pong 2"));
}

#[test]
fn bad_input_gets_errors_and_changes_nothing() {
    let out = session(
        "xboard\nprotover 2\nnew\nforce\nfrobnicate 3\nusermove e2e5\nusermove e7e5\n\
         variant nosuchgame\nsetboard 9/9 w\nlevel x y z\nsd -1\nlift z99\nusermove e2e4\nping 1\n",
    );
    assert!(has(&out, "Error (unknown command): frobnicate"));
    assert!(has(
        &out,
        "Illegal move (no such move in this position): e2e5"
    ));
    // Black's move with White to move.
    assert!(out
        .iter()
        .any(|l| l.starts_with("Illegal move (") && l.ends_with(": e7e5")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("Error (unknown variant): nosuchgame")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("tellusererror Illegal position")));
    assert!(out.iter().any(|l| l.starts_with("Error (bad level)")));
    assert!(out.iter().any(|l| l.starts_with("Error (bad sd)")));
    assert!(out.iter().any(|l| l.starts_with("Error (bad square)")));
    // After all that the game is still chess from the start: e2e4 is accepted.
    assert!(!out.iter().any(|l| l.ends_with(": e2e4")));
    assert!(has(&out, "pong 1"));
}

#[test]
fn undo_and_remove_take_moves_back() {
    let out = session(
        "xboard\nprotover 2\nnew\nforce\nusermove e2e4\nusermove e7e5\nremove\n\
         usermove e7e5\nusermove e2e4\nundo\nusermove d2d4\nping 2\n",
    );
    // After `remove` White is to move again: e7e5 is illegal, e2e4 fine; after `undo`
    // White again, so d2d4 is fine.
    let illegal: Vec<&String> = out.iter().filter(|l| l.starts_with("Illegal")).collect();
    assert_eq!(illegal.len(), 1, "{out:?}");
    assert!(illegal[0].ends_with(": e7e5"));
    assert!(has(&out, "pong 2"));
}

#[test]
fn finds_a_mate_and_announces_the_result() {
    // Back-rank mate: Ra8# is the only mate (hand-checked).
    let out = session(
        "xboard\nprotover 2\nnew\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nsd 3\ngo\n",
    );
    assert!(has(&out, "move a1a8"), "{out:?}");
    assert!(has(&out, "1-0 {checkmate}"), "{out:?}");
}

/// Fifty moves without capture or pawn move draw (XBoard adjudicates so by default, and
/// the search scores every quiet line past the count as a draw): with the count reached
/// the engine claims instead of moving; one move short of it, it plays.
#[test]
fn claims_the_fifty_move_draw_instead_of_moving() {
    let at = |clock: u32| {
        session(&format!(
            "xboard\nprotover 2\nnew\nforce\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80\nsd 3\ngo\n"
        ))
    };
    let out = at(100);
    assert!(has(&out, "1/2-1/2 {fifty-move rule}"), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    let out = at(97);
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("1/2-1/2")), "{out:?}");
}

#[test]
fn answers_moves_as_black_in_a_fairy_variant() {
    let out = session("xboard\nprotover 2\nnew\nvariant shatranj\nsd 3\nusermove e2e3\nping 9\n");
    let reply = out
        .iter()
        .find_map(|l| l.strip_prefix("move "))
        .expect("a reply move");
    let v = fairyboard_core::catalogue::load(variants_dir().join("shatranj.txt").to_str().unwrap())
        .unwrap();
    let mut pos = fairyboard_core::Position::start(v);
    let m = pos.parse_uci("e2e3").unwrap();
    pos.make(&m);
    assert!(
        pos.parse_uci(reply).is_ok(),
        "{reply} is not legal for Black"
    );
    assert!(has(&out, "pong 9"));
}

#[test]
fn lift_highlights_the_targets() {
    // The g1 knight at the start reaches f3 and h3 (yellow: no capture).
    let out = session("xboard\nprotover 2\nnew\nforce\nlift g1\nput f3\n");
    assert!(has(&out, "highlight 8/8/8/8/8/5Y1Y/8/8"), "{out:?}");
    assert!(has(&out, "highlight 8/8/8/8/8/8/8/8"));
}

#[test]
fn time_controls_are_accepted_and_a_move_comes_in_time() {
    let start = std::time::Instant::now();
    let out = session(
        "xboard\nprotover 2\nnew\nlevel 40 0:02 0\ntime 200\notim 200\nst 1\nusermove d2d4\n",
    );
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    assert!(start.elapsed().as_secs_f64() < 10.0);
}

/// The `highlight` answers of a session, in order.
fn highlights(out: &[String]) -> Vec<&str> {
    out.iter()
        .filter_map(|l| l.strip_prefix("highlight "))
        .collect()
}

#[test]
fn a_lion_is_entered_leg_by_leg_as_xboard_does() {
    // Expected marks: XBoard 4.9.1's own display for this position (the Lion defined by
    // our `piece` line, legality testing on, seen under Xvfb), checked by hand: lifting
    // d4 marks the 24 squares around it yellow and the e5 pawn cyan (a capture the Lion
    // may go on from); dropping on e5 makes XBoard send `put e5` + `lift e5`, and the
    // second leg goes to d5 d6 e4 e6 f4 f5 f6 (yellow) or back to d4 (red, igui).
    let out = session(
        "xboard\nprotover 2\nvariant lion\nforce\nsetboard 7k/8/8/4p3/3L4/8/8/K7 w - - 0 1\n\
         lift d4\nput e5\nlift e5\nput d6\nping 1\n",
    );
    assert_eq!(
        highlights(&out),
        [
            "8/8/1YYYYY2/1YYYCY2/1YY1YY2/1YYYYY2/1YYYYY2/8",
            "8/8/3YYY2/3Y1Y2/3RYY2/8/8/8",
            "8/8/8/8/8/8/8/8",
        ],
        "{out:?}"
    );
    assert!(has(&out, "pong 1"));
}

#[test]
fn hover_on_a_transit_square_shows_the_next_leg() {
    // Queen e5 and rook f6 next to each other: f6 is also a plain capture (red) from d4;
    // hovering e5 shows the continuations from e5 — the double capture on f6 red, the
    // return to d4 red, the five empty squares yellow. A fresh lift of the king after
    // that is a new piece: g1 and g2 (h2 is covered by the queen's e5-h2 diagonal).
    let out = session(
        "xboard\nprotover 2\nvariant lion\nforce\nsetboard 7k/8/5r2/4q3/3L4/8/8/7K w - - 0 1\n\
         lift d4\nhover e5\nhover c4\nput c4\nlift h1\nping 2\n",
    );
    assert_eq!(
        highlights(&out),
        [
            "8/8/1YYYYR2/1YYYCY2/1YY1YY2/1YYYYY2/1YYYYY2/8",
            "8/8/3YYR2/3Y1Y2/3RYY2/8/8/8",
            "8/8/1YYYYR2/1YYYCY2/1YY1YY2/1YYYYY2/1YYYYY2/8",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/6Y1/6Y1",
        ],
        "{out:?}"
    );
    // The double capture is then accepted as XBoard writes it.
    let out = session(
        "xboard\nprotover 2\nvariant lion\nforce\nsetboard 7k/8/5r2/4q3/3L4/8/8/7K w - - 0 1\n\
         usermove d4e5,e5f6\nping 3\n",
    );
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
    assert!(has(&out, "pong 3"));
}

#[test]
fn en_passant_is_red_and_hover_marks_its_victim_green() {
    // Chess, e5 pawn with d6 as e.p. square: e6 yellow, d6 red; hovering d6 adds the
    // d5 victim in green (XBoard's convention). A pawn on a7 promotes: a8 magenta.
    let out = session(
        "xboard\nprotover 2\nnew\nforce\nsetboard 4k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1\n\
         lift e5\nhover d6\nput d6\nlift a7\nping 4\n",
    );
    assert_eq!(
        highlights(&out),
        [
            "8/8/3RY3/8/8/8/8/8",
            "8/8/3RY3/3G4/8/8/8/8",
            "8/8/8/8/8/8/8/8",
            "M7/8/8/8/8/8/8/8",
        ],
        "{out:?}"
    );
}

#[test]
fn shared_id_pieces_keep_their_moves_after_moves() {
    // Three types share the ID `P` (a pawn, a prince stepping as a king, a rook pawn
    // running forward as a rook): after moves, lifting each shows its own targets. The
    // definition lives in a catalogue folder of its own, without chess: the engine starts
    // with its built-in chess all the same.
    let dir = std::env::temp_dir().join(format!("fairyboard-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("shared.txt"),
        "files=7\nranks=7\nroyal=4\npawn:P:fmWfcF::a2-c2\nprince::K::d2\n\
         rook pawn:P:fR::g2\nking:K:K::d1\n",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg("xboard")
        .env("FAIRYBOARD_VARIANTS", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"xboard\nprotover 2\nvariant shared\nforce\nusermove d2d3\nusermove d6d5\n\
              lift d3\nput d3\nlift g2\nput g2\nping 1\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        !lines.iter().any(|l| l.starts_with("Illegal move")),
        "{lines:?}"
    );
    // The folder's game and the built-in one.
    assert!(
        lines
            .iter()
            .any(|l| l.contains("variants=\"normal,shared\"")),
        "{lines:?}"
    );
    assert_eq!(
        highlights(&lines),
        [
            // Prince d3: c3, c4, d2, d4, e2, e3, e4 (c2 holds its own pawn).
            "7/7/7/2YYY2/2Y1Y2/3YY2/7",
            "7/7/7/7/7/7/7",
            // Rook pawn g2: g3 to g5, taking Black's rook pawn on g6.
            "7/6R/6Y/6Y/6Y/7/7",
            "7/7/7/7/7/7/7",
        ],
        "{lines:?}"
    );
}

#[test]
fn option_variant_fairy_selects_an_army_pairing() {
    // Fairy-Max's way to choose among its Chess with Different Armies games; the match
    // gauntlet sends the same line to both engines. The setup FEN is fide-nutters.txt's.
    let out = session(
        "xboard\nprotover 2\noption Variant fairy selects=FIDE-Nutters\nvariant fairy\nping 1\n",
    );
    let (_, setup) = setup_line(&out);
    assert!(
        setup.ends_with("thuckuht/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{setup}"
    );
    assert!(has(&out, "pong 1"));
}

#[test]
fn nodes_from_the_command_line_override_the_clock() {
    // `--nodes 3000`: with 10 ms on the clock (which alone allows a one-ply search) the
    // engine still searches past depth 2, and no completed iteration reports more than
    // 3000 nodes. Thinking lines are "depth score centiseconds nodes pv".
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["xboard", "--nodes", "3000"])
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Keep the input open until the move: its end would stop the search.
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"xboard\nprotover 2\nnew\npost\nlevel 0 0:01 0\ntime 1\ngo\n")
        .expect("write");
    stdin.flush().expect("flush");
    let mut reader = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = Vec::new();
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut reader, &mut line).expect("read") > 0 {
        out.push(line.trim_end().to_string());
        line.clear();
        if out.last().is_some_and(|l| l.starts_with("move ")) {
            break;
        }
    }
    drop(stdin);
    child.wait().expect("exits");
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    let posts: Vec<(u32, u64)> = out
        .iter()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f.first()?.parse().ok()?, f.get(3)?.parse().ok()?))
        })
        .collect();
    assert!(posts.iter().any(|&(d, _)| d >= 3), "{out:?}");
    assert!(posts.iter().all(|&(_, n)| n <= 3000), "{out:?}");
}

/// Each square of a move text moved by `delta` ranks (XBoard's ten-rank numbering).
fn shifted(text: &str, delta: i32) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let r: i32 = digits.parse().unwrap();
            out.push_str(&(r + delta).to_string());
            digits.clear();
        }
        out.push(c);
    }
    out.trim_end().to_string()
}

#[test]
fn ten_rank_boards_count_ranks_from_zero() {
    // XBoard's protocol: "on boards with exactly 10 ranks, counting of the ranks starts
    // at 0". In xiangqi's start (worked out by hand) XBoard's a0 is our a1 (a chariot),
    // h2 our h3 (a cannon), h7 our h8 (Black's cannon). Read with our numbering, `h2e2`
    // would be an empty square's move and `a0` no square at all.
    let out = session(
        "xboard\nprotover 2\nvariant xiangqi\nforce\nlift a0\nput a0\nusermove h2e2\n\
         usermove h7e7\nusermove a0a1\nsd 2\ngo\n",
    );
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    // The chariot on a1 reaches a2 and a3 (its soldier stands on a4, its horse on b1):
    // rows from rank 10 down, so ranks 3 and 2 are the eighth and ninth.
    assert!(has(&out, "highlight 9/9/9/9/9/9/9/Y8/Y8/9"), "{out:?}");
    // Black's answer, in XBoard's numbering: read one rank up it is a legal move of the
    // position after h3e3 h8e8 a1a2 in ours.
    let reply = out
        .iter()
        .find_map(|l| l.strip_prefix("move "))
        .expect("a move");
    assert!(!reply.contains("10"), "{reply}");
    let path = variants_dir().join("xiangqi.txt");
    let variant = fairyboard_core::catalogue::load(path.to_str().unwrap()).expect("xiangqi");
    let mut pos = fairyboard_core::Position::start(variant);
    for m in ["h3e3", "h8e8", "a1a2"] {
        let mv = pos.parse_uci(m).expect(m);
        pos.make(&mv);
    }
    let ours = shifted(reply, 1);
    assert!(pos.parse_uci(&ours).is_ok(), "{reply} read as {ours}");
}

#[test]
fn piece_lines_use_the_betza_xboard_reads() {
    // XBoard reads a rider as a range (`N0`) and directions before modalities (`fmF`);
    // the catalogue's nightrider is written `NN` and the Berolina pawn `mfFcfeWimfnA`.
    // `&` after the letter: the moves are both colours' (a bare letter is White's only,
    // and real XBoard then refused Black's nightrider and Berolina moves).
    let out = session("xboard\nprotover 2\nvariant nightrider\nvariant berolina\n");
    assert!(has(&out, "piece N& N0"), "{out:?}");
    assert!(has(&out, "piece P& fmFfceWifmnA"), "{out:?}");
    // XBoard generates nothing for `n` on a one-square atom: Mexican Chess's triple push
    // `ifmnW3` goes without it (the Berolina pawn's `n` on the two-square A stays).
    let out = session("xboard\nprotover 2\nvariant mexican\n");
    assert!(has(&out, "piece P& fmWfceFifmW3"), "{out:?}");
}

#[test]
fn a_drop_game_xboard_does_not_know_puts_the_held_types_first() {
    // XBoard holds in hand only the types of the first S slots (S = the holdings size) and
    // promotes shogi-style from slot i to slot i + 11. By hand from variants/minishogi.txt:
    // a hand holds pawn, silver, bishop, rook and gold (S = 5), and promoOffset=6 with
    // maxPromote=4 promotes P, S, B, R to T, X, H, D. Laid out by letter, real XBoard
    // refused the first silver move.
    let out = session("xboard\nprotover 2\nvariant minishogi\n");
    let (table, rest) = setup_line(&out);
    let setup = format!("({table}) {rest}");
    let chars: Vec<char> = table.chars().collect();
    let white = &chars[..chars.len() / 2];
    assert!(rest.starts_with("5x5+5_fairy "), "{setup}");
    let mut held: Vec<char> = white[..5].to_vec();
    held.sort_unstable();
    assert_eq!(held, ['B', 'G', 'P', 'R', 'S'], "{setup}");
    let at = |c: char| white.iter().position(|&x| x == c).expect("slot");
    for (base, promoted) in [('P', 'T'), ('S', 'X'), ('B', 'H'), ('R', 'D')] {
        assert_eq!(at(promoted), at(base) + 11, "{base} -> {promoted}: {setup}");
    }
    assert_eq!(white.last(), Some(&'K'));
}
