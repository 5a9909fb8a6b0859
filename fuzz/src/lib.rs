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
///   panic; what compiles also finds its targets on an 8×8 board (the exploration compiles
///   the descriptor itself, so it is not compiled here first);
/// * leniently, as every definition's moves are read (`xbetza::parse_lenient`, then
///   `compile_partial` as the variant build calls it): never a panic, each dropped
///   character is a character of the input, named by its own index, and a descriptor is
///   kept unless every character was dropped.
pub fn betza(data: &[u8]) {
    let Some(s) = text(data, 64) else { return };
    let _ = fairyboard_core::explore::targets_on_empty_board(
        s,
        8,
        8,
        fairyboard_core::coord::Coord::new(3, 3),
    );
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
            let options = xbetza::CompileOptions { max_range: 8 };
            let _ = xbetza::compile_partial(&d, &options, fairyboard_core::movegen::MAX_LEGS);
        }
        None => assert_eq!(dropped.len(), chars.len(), "{s:?}: nothing kept"),
    }
}

/// Any text as an Interactive Diagram definition, parsed only (the cheap half).
pub fn definition(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    let _ = idiagram::parse(s);
}

/// Any text as a definition of a board of at most 10×10, compiled into a variant whose
/// start position then generates its moves (the expensive half).
pub fn variant(data: &[u8]) {
    let Some(s) = text(data, MAX_INPUT) else {
        return;
    };
    let parsed = idiagram::parse(s);
    if parsed.definition.files > 10 || parsed.definition.ranks > 10 {
        return;
    }
    // Parsed once: `check_parsed` is what `Variant::from_definition` runs after parsing.
    let checked = fairyboard_core::definition::check_parsed("fuzz", parsed);
    if let Some(v) = checked.variant {
        let mut pos = Position::start(Arc::new(v));
        let _ = pos.legal_moves();
    }
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
