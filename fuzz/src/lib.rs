//! The fuzz targets' bodies, one function per target, kept apart from the libFuzzer entry
//! points (`fuzz_targets/*.rs`) so each is one line there. Every body bounds its own work:
//! inputs longer than a target's limit are skipped, boards stay small, and the expensive
//! steps (compiling a definition, generating moves) have targets of their own, so each
//! target runs thousands of inputs a second and a long run reaches 10⁷ executions.

use std::sync::{Arc, OnceLock};

use fairyboard_core::{Position, Variant};
use fairyboard_render::{Diagram, DiagramQuery};

/// Longest input a target looks at: longer inputs only repeat what shorter ones reach.
pub const MAX_INPUT: usize = 512;

fn text(data: &[u8], limit: usize) -> Option<&str> {
    if data.len() > limit {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// Any text as a Betza descriptor, read both ways a descriptor is read:
///
/// * strictly, as the move explorer shows one descriptor: parsing and compiling never
///   panic; what compiles also finds its targets on an 8×8 board (descriptors that need
///   more than [`FUZZ_BUDGET`] to compile are left to the lenient half);
/// * leniently, as every definition's moves are read (`xbetza::parse_lenient`, then
///   `compile_partial` as the variant build calls it, within [`FUZZ_BUDGET`]): never a
///   panic, each dropped
///   character is a character of the input, named by its own index, and a descriptor is
///   kept unless every character was dropped.
pub fn betza(data: &[u8]) {
    let Some(s) = text(data, 64) else { return };
    let options = xbetza::CompileOptions { max_range: 8 };
    // The exploration compiles with the engine's budget; it runs on what compiles within
    // the fuzzing budget (the same program, at a bounded cost) and on what does not parse.
    let explore = match xbetza::parse(s) {
        Ok(d) => xbetza::compile_within(&d, &options, FUZZ_BUDGET).is_ok(),
        Err(_) => true,
    };
    if explore {
        let _ = fairyboard_core::explore::targets_on_empty_board(
            s,
            8,
            8,
            fairyboard_core::coord::Coord::new(3, 3),
        );
    }
    let chars: Vec<char> = s.chars().collect();
    let (descriptor, dropped) = xbetza::parse_lenient(s);
    for e in &dropped {
        assert_eq!(
            e.ch,
            chars.get(e.pos).copied(),
            "{s:?}: dropped {e:?} is not the input's character at its index"
        );
    }
    match descriptor {
        Some(d) => {
            assert!(
                dropped.len() < chars.len().max(1),
                "{s:?}: all dropped, yet kept"
            );
            let _ = xbetza::compile_partial_within(
                &d,
                &options,
                fairyboard_core::movegen::MAX_LEGS,
                FUZZ_BUDGET,
            );
        }
        None => assert_eq!(dropped.len(), chars.len(), "{s:?}: nothing kept"),
    }
}

/// The `betza` target's compile budget. The engine's (`CompileBudget::DEFAULT`) lets one
/// descriptor of 64 characters cost up to 50 ms (repetition groups nested in groups, each
/// expansion generating records up to 262,144 in all), and the corpus fills with such
/// descriptors because they carry the most coverage: 7 ms a descriptor on average,
/// instrumented. The same code paths, limits included, run within a budget a fiftieth
/// the size.
pub const FUZZ_BUDGET: xbetza::CompileBudget = xbetza::CompileBudget {
    generated: 8192,
    expansions: 64,
    evaluations: 1 << 13,
    refused_evaluations: 1 << 13,
};

/// Any text as an Interactive Diagram definition, parsed only (the cheap half).
pub fn definition(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    let _ = idiagram::parse(s);
}

/// Largest board side the `variant` target builds (larger boards are cut down to it).
pub const VARIANT_SIDE: u8 = 6;
/// Most pieces a start position may hold for the `variant` target to generate its moves.
pub const VARIANT_PIECES: usize = 24;
/// Most squares one piece's move may visit from one square ([`xbetza::Program::work_within`])
/// for the `variant` target to generate moves. The engine allows 2^18
/// ([`xbetza::compile::MAX_WORK`]); a leniently read move near that bound made one start
/// position of two pieces take 1 s to generate 21 moves (each legality check walks the
/// enemy's paths again and sorts away repeats), and such definitions filled the corpus.
pub const VARIANT_WORK: u64 = 1024;
/// Most records one piece's compiled move may have for the `variant` target to generate
/// moves.
pub const VARIANT_RECORDS: usize = 256;
/// Most pseudo-legal moves a start position may have for the `variant` target to sort out
/// the legal ones: each is checked by walking the enemy's moves again (a two-piece start
/// position with 888 pseudo-legal moves took 80 ms to find its 2 legal ones).
pub const VARIANT_MOVES: usize = 96;

/// Any text as a definition on a board of at most 6×6, compiled into a variant whose start
/// position then generates its legal moves (the expensive half).
///
/// The work per input is bounded: moves compile within [`FUZZ_BUDGET`]; a start position
/// of more than [`VARIANT_PIECES`] pieces, or with a piece whose move may visit more than
/// [`VARIANT_WORK`] squares (or has more than [`VARIANT_RECORDS`] records), is compiled
/// but generates no moves; one with more than [`VARIANT_MOVES`] pseudo-legal moves
/// generates those but does not check them. Fuzzed definitions fill the board with ranges
/// of squares (`a4-h2`) of pieces whose leniently read moves teleport, and several royal
/// types make every legality check look at every royal: such a start position took up to
/// 85 ms (400 ms instrumented), and the corpus filled with them (mean 12 ms per input).
/// The same code paths run with fewer pieces. With every bound, a mature corpus of 13,259
/// inputs runs at 0.3 ms per input (instrumented), from 2.5 ms.
pub fn variant(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    let mut parsed = idiagram::parse(s);
    // Every definition is built on a small board: most give no size (8×8 by default),
    // and the costs that grow with the board (the piece-value estimate some rules need,
    // repetition groups unrolled up to the board's side, every square's tables) made the
    // 8×8 corpus run at under 1,000 inputs a second. Pieces placed beyond it are left
    // out with a warning, as on any board.
    parsed.definition.files = parsed.definition.files.min(VARIANT_SIDE);
    parsed.definition.ranks = parsed.definition.ranks.min(VARIANT_SIDE);
    // Parsed once: `check_parsed` is what `Variant::from_definition` runs after parsing;
    // moves are compiled within the fuzzing budget (see `betza`).
    let checked = fairyboard_core::definition::check_parsed_within("fuzz", parsed, FUZZ_BUDGET);
    if let Some(v) = checked.variant {
        let mut pos = Position::start(Arc::new(v));
        fen_round_trip(&pos);
        let on_board: usize = [fairyboard_core::Color::White, fairyboard_core::Color::Black]
            .into_iter()
            .map(|c| pos.pieces(c).len())
            .sum();
        if on_board <= VARIANT_PIECES && light(pos.variant()) {
            let mut pseudo = fairyboard_core::position::moves::MoveList::new();
            pos.pseudo_moves_into(&mut pseudo);
            if pseudo.len() <= VARIANT_MOVES {
                let _ = pos.legal_moves();
            }
        }
    }
}

/// "What is this position" has one answer: the start position's FEN reads back as a
/// position that prints the same FEN, whatever the definition's IDs and castlers. Skipped
/// only for a start hand beyond what a FEN may hold ([`MAX_IN_HAND`]), which would also
/// make the FEN itself huge.
///
/// [`MAX_IN_HAND`]: fairyboard_core::limits::MAX_IN_HAND
fn fen_round_trip(pos: &Position) {
    let v = pos.variant();
    let held = |c| (0..v.type_count()).map(|t| pos.hand(c, t) as u64).sum::<u64>();
    let limit = fairyboard_core::limits::MAX_IN_HAND as u64;
    if held(fairyboard_core::Color::White) > limit || held(fairyboard_core::Color::Black) > limit
    {
        return;
    }
    let fen = pos.to_fen();
    match Position::from_fen(v.clone(), &fen) {
        Ok(again) => assert_eq!(again.to_fen(), fen, "the start FEN reads back differently"),
        Err(e) => panic!("the start FEN {fen:?} does not read back: {e}"),
    }
}

/// Whether every piece type's move stays within [`VARIANT_WORK`] on the variant's board.
fn light(v: &Variant) -> bool {
    let side = v.geometry.files.max(v.geometry.ranks);
    // The record count first: the work bound of a program of thousands of records is
    // itself costly to evaluate.
    v.pieces.iter().all(|p| {
        p.program.records.len() <= VARIANT_RECORDS && p.program.work_within(side, VARIANT_WORK)
    })
}

/// The games the FEN target reads positions of: with and without hands, 8×8 to 10×8.
fn games() -> &'static [Arc<Variant>] {
    static GAMES: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["chess", "shogi", "xiangqi", "crazyhouse", "capablanca"]
            .iter()
            .filter_map(|n| {
                let path = format!("{}/../variants/{n}.txt", env!("CARGO_MANIFEST_DIR"));
                let text = std::fs::read_to_string(path).ok()?;
                Some(Arc::new(Variant::from_definition(n, &text).ok()?.0))
            })
            .collect()
    })
}

/// Any text as a FEN of a few catalogue games: parsing never panics; a parsed position
/// generates its moves, and the FEN it prints reads back as the same position: the same
/// legal moves, the same FEN printed again and the same hash (an e.p. square no capture can
/// use is neither printed nor hashed, so reading the printed FEN loses nothing the hash
/// holds).
pub fn fen(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    for v in games() {
        if let Ok(mut pos) = Position::from_fen(v.clone(), s) {
            let moves = sorted_moves(v, &mut pos);
            let printed = pos.to_fen();
            let mut again = Position::from_fen(v.clone(), &printed)
                .unwrap_or_else(|e| panic!("{}: printed {printed:?} does not parse: {e}", v.name));
            assert_eq!(again.to_fen(), printed, "{}: from {s:?}", v.name);
            assert_eq!(
                sorted_moves(v, &mut again),
                moves,
                "{}: {printed:?}",
                v.name
            );
            assert_eq!(again.hash(), pos.hash(), "{}: from {s:?}", v.name);
        }
    }
}

fn sorted_moves(v: &Variant, pos: &mut Position) -> Vec<String> {
    let mut m: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    m.sort();
    m
}

/// Any text as a Fairy-FEN (both readings of digit runs): parsing never panics, and what
/// parses prints a Fairy-FEN that reads back and prints the same.
pub fn ffen(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    for parse in [Diagram::parse_ffen, Diagram::parse_ffen_multi_digit] {
        if let Ok(d) = parse(s) {
            let printed = d.to_ffen();
            let again = Diagram::parse_ffen(&printed)
                .unwrap_or_else(|e| panic!("printed {printed:?} does not parse: {e:?}"));
            assert_eq!(again.to_ffen(), printed, "from {s:?}");
        }
    }
}

/// Any text as the query of a `/d` request: parsing never panics, and a Fairy-FEN it
/// carries is read as the server would.
pub fn query(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    if let Ok(q) = DiagramQuery::parse(s) {
        if let Some(ff) = &q.ffen {
            let _ = Diagram::parse_ffen(ff);
        }
    }
}

/// The server's router over a small catalogue (the FEN target's games, copied to a
/// folder of their own so the catalogue compiles in a moment), without the access log,
/// and the runtime that answers its requests.
fn server() -> &'static (tokio::runtime::Runtime, axum::Router) {
    static SERVER: OnceLock<(tokio::runtime::Runtime, axum::Router)> = OnceLock::new();
    SERVER.get_or_init(|| {
        // One folder for every fuzz process (no folder left behind per run); a game is
        // written under a private name and renamed into place, so a process starting
        // beside another never reads a half-written file.
        let dir = std::env::temp_dir().join("fairyboard-fuzz-api");
        std::fs::create_dir_all(&dir).expect("a catalogue folder");
        for n in ["chess", "shogi", "xiangqi", "crazyhouse", "capablanca"] {
            let from = format!("{}/../variants/{n}.txt", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read(from).expect("a catalogue game");
            let to = dir.join(format!("{n}.txt"));
            if std::fs::read(&to).ok().as_deref() != Some(&text[..]) {
                let part = dir.join(format!("{n}.{}.part", std::process::id()));
                std::fs::write(&part, &text).expect("a catalogue game written");
                std::fs::rename(&part, &to).expect("a catalogue game in place");
            }
        }
        let config = fairyboard_server::Config {
            variants_dir: dir,
            access_log: false,
            ..fairyboard_server::Config::default()
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        (runtime, fairyboard_server::router(config))
    })
}

/// Any text as the query of a `GET /api/moves` request (what a client may send; a
/// target the HTTP layer would refuse is skipped), sent through the server's router: the
/// query extractor, the catalogue lookup, FEN parsing and move generation. The answer is
/// never a server error and always JSON: 200 with `count` equal to the number of `moves`,
/// listed sorted, for the variant asked; or 400/404 with an `error` naming the
/// `parameter` at fault (`(query)`, `variant` or `fen`).
pub fn api(data: &[u8]) {
    use tower::ServiceExt;
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    let Ok(request) =
        axum::http::Request::get(format!("/api/moves?{s}")).body(axum::body::Body::empty())
    else {
        return;
    };
    let (runtime, router) = server();
    let (status, body) = runtime.block_on(async {
        let response = router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        (status, body)
    });
    let json: serde_json::Value = serde_json::from_slice(&body)
        .unwrap_or_else(|e| panic!("{s:?}: {status}: not JSON ({e}): {body:?}"));
    match status.as_u16() {
        200 => {
            let moves = json["moves"].as_array().expect("moves");
            assert_eq!(json["count"], moves.len(), "{s:?}: {json}");
            let names: Vec<&str> = moves.iter().filter_map(|m| m.as_str()).collect();
            assert_eq!(names.len(), moves.len(), "{s:?}: {json}");
            assert!(
                names.windows(2).all(|w| w[0] <= w[1]),
                "{s:?}: unsorted: {json}"
            );
        }
        400 | 404 => {
            let parameter = json["parameter"].as_str().unwrap_or("");
            assert!(
                ["(query)", "variant", "fen"].contains(&parameter),
                "{s:?}: {status}: {json}"
            );
            assert!(
                !json["error"].as_str().unwrap_or("").is_empty(),
                "{s:?}: {json}"
            );
        }
        _ => panic!("{s:?}: status {status}: {json}"),
    }
}
