//! The compatibility corpus: real Interactive Diagram definitions copied verbatim from public
//! pages (chessvariants.com member pages and comments, H. G. Muller's articles), run through
//! the whole pipeline a user's definition goes through: parse, variant build, legal moves
//! from the start, a few seeded random plies with make/unmake, and the rules page.
//!
//! Pages on chessvariants.com work as they are, so every file is something fairyboard should
//! accept. Many are refused today; `tests/compat/known-failures.txt` lists those, and the test
//! is a ratchet: it fails when a file off the list fails (a regression) and when a listed file
//! now passes (take it off the list). Expected facts come from the pages, not from our code:
//! a `# expect-pieces: N` header line is the number of pieces on the board at the start,
//! counted by hand from the definition's square lists (or the page's picture).
//! See `tests/compat/README.md`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairyboard_core::explore::Probe;
use fairyboard_core::marks::place;
use fairyboard_core::{Color, MoveList, Position, Setup, Variant};
use xbetza::random::Rng;

#[path = "compat_corpus/metamorphic.rs"]
mod metamorphic;

/// Random plies per file: enough to reach captures, checks and promotions in small variants
/// (each ply also asks whether the mover's royal is left attacked) while keeping the whole
/// corpus well under a minute; the rules page, not the plies, takes most of the time.
const PLIES: usize = 24;

/// Our corpus only grows: fewer files of our own than this means some went missing. (The
/// shared set is counted apart: it is absent from checkouts without `../shared`.)
const MIN_OWN_FILES: usize = 77;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One corpus file: a name as the known-failures list spells it and its text.
struct Entry {
    name: String,
    text: String,
}

/// How many definitions the shared reference set holds (`tests/compat/shared-expect.txt`
/// has a line for each).
const SHARED_FILES: usize = 14;

/// The hand-counted expectations for the shared set, one `(file, header lines)` per line of
/// `tests/compat/shared-expect.txt`: the read-only files carry no `expect-` headers, so the
/// table's counts become `# expect-pieces:` / `# expect-count:` lines put before the text.
fn shared_expectations() -> BTreeMap<String, String> {
    let path = root().join("tests/compat/shared-expect.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let mut words = line.split_whitespace();
        let (Some(file), Some(pieces)) = (words.next(), words.next()) else {
            continue;
        };
        let mut head = format!("# expect-pieces: {pieces}\n");
        for count in words {
            let (name, n) = count
                .split_once('=')
                .unwrap_or_else(|| panic!("shared-expect.txt: bad count '{count}'"));
            let _ = writeln!(head, "# expect-count: {name} {n}");
        }
        out.insert(file.to_string(), head);
    }
    out
}

/// Our corpus (`NNN_slug.txt`) and, when the workspace has it beside it, the shared reference
/// set (named `shared/NN_slug.txt`, with its expectations from `shared-expect.txt`). On CI
/// (`CI=true`) the shared set must be there, all of it: a run that silently skipped it
/// would pass without testing 14 real definitions.
fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    let shared_dir = root().join("../shared/reference/diagrams");
    let on_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    if on_ci {
        assert!(
            shared_dir.is_dir(),
            "CI=true but {} is missing: the shared reference set is part of every CI run",
            shared_dir.display()
        );
    }
    let expect = shared_expectations();
    let dirs = [
        (root().join("tests/compat/corpus"), ""),
        (shared_dir, "shared/"),
    ];
    for (dir, prefix) in dirs {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        for p in files {
            let mut text = std::fs::read_to_string(&p)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            let file = p.file_name().unwrap().to_string_lossy();
            if !prefix.is_empty() {
                let head = expect.get(file.as_ref()).unwrap_or_else(|| {
                    panic!("{file} (shared set) has no line in tests/compat/shared-expect.txt")
                });
                text = format!("{head}{text}");
            }
            out.push(Entry {
                name: format!("{prefix}{file}"),
                text,
            });
        }
    }
    let shared = out.iter().filter(|e| e.name.starts_with("shared/")).count();
    assert_eq!(
        expect.len(),
        SHARED_FILES,
        "tests/compat/shared-expect.txt should have a line per shared file"
    );
    if shared > 0 || on_ci {
        assert_eq!(
            shared, SHARED_FILES,
            "the shared reference set should hold {SHARED_FILES} definitions"
        );
    }
    out
}

/// `# key: value` header lines.
fn header<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            (k.trim() == key).then(|| v.trim())
        })
        .collect()
}

/// What one file did.
#[derive(Default)]
struct Report {
    parse_errors: usize,
    parse_warnings: usize,
    loaded: bool,
    start_moves: Option<usize>,
    pieces: Option<usize>,
    plies: usize,
    /// Time spent on the rules page, the slowest stage on large boards.
    rules_ms: u128,
    /// Rules the page states that the format cannot express (`# rule:` lines), skipped.
    skipped_rules: usize,
    /// A constructed check was answered (see `check_is_answered`).
    check_tested: bool,
    /// The first thing that went wrong; `None` = the file passes.
    failure: Option<String>,
}

fn run(e: &Entry) -> Report {
    let mut r = Report::default();
    let parsed = idiagram::parse(&e.text);
    r.parse_errors = parsed.errors().count();
    r.parse_warnings = parsed.warnings().count();
    let stem = e.name.trim_end_matches(".txt").rsplit('/').next().unwrap();
    let variant = match Variant::from_definition(stem, &e.text) {
        Ok((v, _)) => Arc::new(v),
        Err(errors) => {
            r.failure = Some(format!(
                "refused: {}",
                errors
                    .first()
                    .map_or("(no message)".into(), |d| d.to_string())
            ));
            return r;
        }
    };
    r.loaded = true;
    let mut pos = Position::start(variant.clone());
    let pieces = pos.pieces(Color::White).len() + pos.pieces(Color::Black).len();
    r.pieces = Some(pieces);
    for want in header(&e.text, "expect-pieces") {
        match want.parse::<usize>() {
            Ok(n) if n == pieces => {}
            Ok(n) => {
                r.failure = Some(format!("{pieces} pieces at the start, the page has {n}"));
                return r;
            }
            Err(_) => r.failure = Some(format!("bad '# expect-pieces: {want}' header")),
        }
    }
    if let Err(msg) = pieces_move_on_empty_board(&variant) {
        r.failure = Some(msg);
        return r;
    }
    if let Err(msg) = king_is_royal(&variant, &pos, &e.text) {
        r.failure = Some(msg);
        return r;
    }
    match check_is_answered(&variant, &pos) {
        Ok(tested) => r.check_tested = tested,
        Err(msg) => {
            r.failure = Some(msg);
            return r;
        }
    }
    r.skipped_rules = header(&e.text, "rule").len();
    if let Err(msg) = expected_counts(&variant, &pos, &e.text) {
        r.failure = Some(msg);
        return r;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    r.start_moves = Some(list.len());
    if list.is_empty() && pieces > 0 {
        r.failure = Some("no legal move at the start".into());
        return r;
    }
    if let Err(msg) = random_plies(&variant, &mut pos, stem, &mut r.plies) {
        r.failure = Some(msg);
        return r;
    }
    let t_rules = std::time::Instant::now();
    let page = fairyboard_render::rules_page::html(&variant);
    r.rules_ms = t_rules.elapsed().as_millis();
    if !page.contains("</html>") {
        r.failure = Some("rules page is not a whole document".into());
    }
    r
}

/// Seeded random plies; each move is made and unmade and must restore the position exactly
/// (equality, hash, FEN), and the incremental hash must match a recomputed one.
fn random_plies(
    v: &Arc<Variant>,
    pos: &mut Position,
    stem: &str,
    done: &mut usize,
) -> Result<(), String> {
    // The seed depends on the file only, so a failure reproduces.
    let seed = stem.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let mut rng = Rng::new(seed);
    let mut list = MoveList::new();
    for ply in 0..PLIES {
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list[rng.below(list.len())];
        let (fen, hash, before) = (pos.to_fen(), pos.hash(), pos.clone());
        let undo = pos.make(&m);
        if pos.hash() != pos.clone_recomputed_hash() {
            return Err(format!("ply {ply}: hash drifts after {}", v.uci(&m)));
        }
        pos.unmake(&m, undo);
        if *pos != before || pos.hash() != hash || pos.to_fen() != fen {
            return Err(format!(
                "ply {ply}: unmake of {} does not restore {fen}",
                v.uci(&m)
            ));
        }
        pos.make(&m);
        check_respected(v, pos, &m)?;
        *done = ply + 1;
    }
    Ok(())
}

/// `# expect-count: NAME N` header lines: N pieces (both colours) of the types named NAME
/// (any case) stand on the board at the start, counted by hand from the square lists.
fn expected_counts(v: &Arc<Variant>, pos: &Position, text: &str) -> Result<(), String> {
    for line in header(text, "expect-count") {
        let Some((name, n)) = line.rsplit_once(' ') else {
            return Err(format!("bad '# expect-count: {line}' header"));
        };
        let Ok(want) = n.parse::<usize>() else {
            return Err(format!("bad '# expect-count: {line}' header"));
        };
        let name = name.trim();
        let got = Color::BOTH
            .iter()
            .flat_map(|&c| pos.pieces(c).iter())
            .filter_map(|&sq| pos.piece_at(sq))
            .filter(|&(t, _)| v.pieces[t].name.trim().eq_ignore_ascii_case(name))
            .count();
        if got != want {
            return Err(format!(
                "{got} pieces named '{name}' at the start, the page has {want}"
            ));
        }
    }
    Ok(())
}

/// Every piece type whose move field is not empty (after the defaults a name gives) gets at
/// least one move when it stands alone on the board: the page's legend shows a move diagram
/// for it, so a piece left with none lost its moves in our reading. The piece is tried on
/// each playable square in turn (zones, holes and initial moves make some squares bare);
/// a move string with no non-capturing part (`cR`, `pR`) needs other pieces to show
/// anything and is passed over.
fn pieces_move_on_empty_board(v: &Arc<Variant>) -> Result<(), String> {
    let mut list = MoveList::new();
    for (t, piece) in v.pieces.iter().enumerate() {
        let betza = piece.betza.trim();
        if betza.is_empty() || betza == "-" || needs_other_pieces(betza) {
            continue;
        }
        let moves = v.playable().iter().any(|&sq| {
            let mut setup = Setup::empty(v);
            setup.put(sq, Some((t, Color::White)));
            setup.unmoved[sq] = true;
            let Ok(pos) = Position::from_setup(v.clone(), setup) else {
                return false;
            };
            list.clear();
            pos.moves_from(sq, &mut list);
            !list.is_empty()
        });
        if !moves {
            return Err(format!(
                "piece '{}' ({betza}) has no move on an empty board",
                piece.name
            ));
        }
        // The move diagram the page's legend and the browser show: the same piece, probed
        // in the variant itself from the square the diagram puts it on, has moves there too.
        let mut probe = Probe::for_type(v, t)
            .map_err(|e| format!("piece '{}': no move diagram: {e}", piece.name))?;
        let at = place::diagram_square(v, t);
        if probe.reach(at, false, &[]).is_empty() {
            return Err(format!(
                "piece '{}' ({betza}): its move diagram (from {at}) is empty",
                piece.name
            ));
        }
    }
    Ok(())
}

/// Whether every term of a move string needs another piece on the board: each atom is
/// preceded (within its term) by `c`, `p`/`g` or `x` without `m`, so that on an empty board
/// it has nothing to capture, hop over or borrow moves from. Terms are split at capitals; brackets and
/// parentheses make the string exotic enough that we do not guess and say no.
fn needs_other_pieces(betza: &str) -> bool {
    if betza.contains(['[', '(', '{']) {
        return false;
    }
    let mut terms = Vec::new();
    let mut cur = String::new();
    for ch in betza.chars() {
        cur.push(ch);
        if ch.is_ascii_uppercase() {
            terms.push(std::mem::take(&mut cur));
        }
    }
    !terms.is_empty()
        && terms.iter().all(|t| {
            let mods: String = t.chars().filter(|c| c.is_ascii_lowercase()).collect();
            !mods.contains('m') && mods.contains(['c', 'p', 'g', 'x'])
        })
}

/// A piece named King (any case) standing on the board makes a game of check: the variant
/// must have a royal type. The Interactive Diagram makes the last piece type royal when no
/// `royal=` line is given (its article's demonstration diagram, whose Lion comes after the
/// King, says `royal=8`), so a royal type always exists unless `royal=0` says none; the
/// [compat] issue saw the opposite go wrong (no royal: no check, the King valued at 4 pawns,
/// pawns promoting to King).
fn king_is_royal(v: &Arc<Variant>, pos: &Position, text: &str) -> Result<(), String> {
    let no_royal = text.split_whitespace().any(|w| w == "royal=0");
    if no_royal || v.pieces.iter().any(|p| p.royal) {
        return Ok(());
    }
    for c in Color::BOTH {
        if let Some(t) = pos.pieces(c).iter().find_map(|&sq| {
            let (t, _) = pos.piece_at(sq)?;
            v.pieces[t]
                .name
                .trim()
                .eq_ignore_ascii_case("king")
                .then_some(t)
        }) {
            return Err(format!(
                "{c:?} has a King ({}) but the variant has no royal type",
                v.pieces[t].name
            ));
        }
    }
    Ok(())
}

/// A check is a check: with White's royal and Black's on their start squares and one Black
/// piece placed where it attacks White's royal (the first type and square, in order, that
/// does), White is in check, and every legal reply leaves the royal unattacked. Random plies
/// seldom give check, so each variant with a royal of each colour on the board gets one here.
fn check_is_answered(v: &Arc<Variant>, start: &Position) -> Result<bool, String> {
    let ([white], [black]) = (start.royals(Color::White), start.royals(Color::Black)) else {
        return Ok(false);
    };
    if !v.plain_rules() {
        return Ok(false);
    }
    let (white, black) = (*white, *black);
    let (Some((wt, _)), Some((bt, _))) = (start.piece_at(white), start.piece_at(black)) else {
        return Ok(false);
    };
    let base = |extra: Option<(fairyboard_core::geometry::Square, usize)>| {
        let mut setup = Setup::empty(v);
        setup.put(white, Some((wt, Color::White)));
        setup.put(black, Some((bt, Color::Black)));
        if let Some((sq, t)) = extra {
            setup.put(sq, Some((t, Color::Black)));
        }
        Position::from_setup(v.clone(), setup).ok()
    };
    for t in (0..v.pieces.len()).filter(|&t| !v.pieces[t].royal) {
        for &sq in v.playable() {
            if sq == white || sq == black {
                continue;
            }
            let Some(mut pos) = base(Some((sq, t))) else {
                continue;
            };
            if !pos.is_attacked(white, Color::Black) {
                continue;
            }
            let at = v.coord(sq);
            if !pos.in_check() {
                return Err(format!(
                    "'{}' on {at} attacks White's royal on {} but White is not in check",
                    v.pieces[t].name,
                    v.coord(white)
                ));
            }
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            for m in list.iter() {
                let undo = pos.make(m);
                let royal = pos.royals(Color::White).first().copied();
                let attacked = royal.is_some_and(|r| pos.is_attacked(r, Color::Black));
                pos.unmake(m, undo);
                if attacked {
                    return Err(format!(
                        "with '{}' on {at} giving check, {} leaves White's royal attacked",
                        v.pieces[t].name,
                        v.uci(m)
                    ));
                }
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// After a legal move, the mover's only royal is not attacked: the game is one of check.
/// (With two or more royals, on the board or in hand, the Diagram's rule is that losing all,
/// or any, of them loses, which the variant's own royalty rule decides; only the one-royal
/// case is asked here.)
fn check_respected(
    v: &Arc<Variant>,
    pos: &Position,
    m: &fairyboard_core::Move,
) -> Result<(), String> {
    if !v.plain_rules() {
        return Ok(());
    }
    let mover = pos.side_to_move().flip();
    // A royal in hand is a spare: losing the one on the board does not lose then.
    let spare = (0..v.pieces.len()).any(|t| v.pieces[t].royal && pos.hand(mover, t) > 0);
    if let ([royal], false) = (pos.royals(mover), spare) {
        if pos.is_attacked(*royal, pos.side_to_move()) {
            return Err(format!(
                "{} leaves the mover's royal on {} attacked",
                v.uci(m),
                v.coord(*royal)
            ));
        }
    }
    Ok(())
}

/// `tests/compat/known-failures.txt`: one file name a line, `#` starts a comment.
fn known_failures() -> BTreeMap<String, String> {
    let path = root().join("tests/compat/known-failures.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let (name, why) = l.split_once('#').unwrap_or((l, ""));
            let name = name.trim();
            (!name.is_empty()).then(|| (name.to_string(), why.trim().to_string()))
        })
        .collect()
}

#[test]
fn compat_corpus_ratchet() {
    let entries = entries();
    let own = entries
        .iter()
        .filter(|e| !e.name.starts_with("shared/"))
        .count();
    assert!(
        own >= MIN_OWN_FILES,
        "tests/compat/corpus has only {own} files, expected at least {MIN_OWN_FILES}"
    );
    let started = std::time::Instant::now();
    let known = known_failures();
    let mut table = String::new();
    let (mut loaded, mut failed) = (0, 0);
    let mut regressions = Vec::new();
    let mut fixed = Vec::new();
    for e in &entries {
        let t0 = std::time::Instant::now();
        let r = catch_unwind(AssertUnwindSafe(|| run(e))).unwrap_or_else(|p| Report {
            failure: Some(format!(
                "panic: {}",
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            )),
            ..Report::default()
        });
        loaded += r.loaded as usize;
        let opt = |n: Option<usize>| n.map_or("-".to_string(), |n| n.to_string());
        let _ = writeln!(
            table,
            "{:<44} {:>5} ms (rules page {:>5} ms) {:>3}E {:>3}W load={} pieces={:<3} moves={:<4} plies={} check={} skipped-rules={} {}",
            e.name,
            t0.elapsed().as_millis(),
            r.rules_ms,
            r.parse_errors,
            r.parse_warnings,
            if r.loaded { "yes" } else { "no " },
            opt(r.pieces),
            opt(r.start_moves),
            r.plies,
            if r.check_tested { "yes" } else { "no " },
            r.skipped_rules,
            r.failure.as_deref().unwrap_or("ok")
        );
        // The page's rules the format cannot express, named: not tested.
        for rule in header(&e.text, "rule") {
            let _ = writeln!(table, "    skipped rule: {rule}");
        }
        match (&r.failure, known.contains_key(&e.name)) {
            (Some(f), false) => regressions.push(format!("{}: {f}", e.name)),
            (None, true) => fixed.push(e.name.clone()),
            _ => {}
        }
        failed += r.failure.is_some() as usize;
    }
    let stale: Vec<&String> = known
        .keys()
        .filter(|k| !entries.iter().any(|e| &e.name == *k))
        .collect();
    println!("{table}");
    // Straight to the stderr handle, which the test harness does not capture, so the summary
    // shows in every run (the table above shows with --nocapture or on failure).
    let _ = writeln!(
        std::io::stderr(),
        "compat: {loaded}/{} load, {}/{} pass, {} known failures ({:.1} s)",
        entries.len(),
        entries.len() - failed,
        entries.len(),
        known.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        regressions.is_empty(),
        "files failing that are not in tests/compat/known-failures.txt:\n{}",
        regressions.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "these files pass now; remove them from tests/compat/known-failures.txt:\n{}",
        fixed.join("\n")
    );
    assert!(
        stale.is_empty(),
        "known-failures.txt names files that do not exist: {stale:?}"
    );
}

/// Every corpus file carries the header the README asks for, and the manifest lists it.
#[test]
fn compat_corpus_headers_and_manifest() {
    let dir = root().join("tests/compat/corpus");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.md")).expect("MANIFEST.md");
    let mut problems = Vec::new();
    for e in entries().iter().filter(|e| !e.name.starts_with("shared/")) {
        for key in ["source", "variant", "author", "features"] {
            if header(&e.text, key).is_empty() {
                problems.push(format!("{}: no '# {key}:' line", e.name));
            }
        }
        if !manifest.contains(&format!("| {} |", e.name)) {
            problems.push(format!("{}: not in MANIFEST.md", e.name));
        }
        let body: Vec<&str> = e.text.lines().filter(|l| !l.starts_with('#')).collect();
        if !body.iter().any(|l| l.contains(':') || l.contains("files=")) {
            problems.push(format!("{}: no definition after the header", e.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The definitions are distinct: no two files (ours or the shared set) hold the same
/// definition text once comments and blank lines are set aside.
#[test]
fn compat_corpus_has_no_duplicates() {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut dups = Vec::new();
    for e in entries() {
        let body: String = e
            .text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(first) = seen.insert(body, e.name.clone()) {
            dups.push(format!("{} repeats {first}", e.name));
        }
    }
    assert!(dups.is_empty(), "{}", dups.join("\n"));
}

/// A King whose move field is empty castles three squares on a board wider than 8 files: the
/// script's default King move is `KisO3` there. The article's 10x8 demonstration so castles as
/// in Capablanca Chess, and the Elven Chess applet (10x10) as its rule reminder says ("In
/// castling the King moves 3 squares, rather than two"): from f1 to c1 or i1, beside the Rooks
/// on a1 and j1.
#[test]
fn a_default_king_castles_three_squares_on_wide_boards() {
    for file in [
        "001_interactive-diagrams-demo.txt",
        "004_elven-chess-mcmtc.txt",
    ] {
        let text = std::fs::read_to_string(root().join("tests/compat/corpus").join(file)).unwrap();
        let (v, _) = Variant::from_definition("castling", &text).expect("the file loads");
        let v = Arc::new(v);
        let named = |n: &str| {
            v.pieces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(n))
                .unwrap()
        };
        let (king, rook) = (named("king"), named("rook"));
        let sq = |s: &str| v.square(s.parse().unwrap());
        let mut setup = Setup::empty(&v);
        for (at, t, c) in [
            ("f1", king, Color::White),
            ("a1", rook, Color::White),
            ("j1", rook, Color::White),
            ("f8", king, Color::Black),
        ] {
            setup.put(sq(at), Some((t, c)));
            setup.unmoved[sq(at)] = true;
        }
        let mut pos = Position::from_setup(v.clone(), setup).unwrap();
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        let mut castles: Vec<String> = list
            .iter()
            .filter(|m| m.kind == fairyboard_core::MoveKind::Castle)
            .map(|m| v.coord(m.to()).to_string())
            .collect();
        castles.sort();
        assert_eq!(castles, ["c1", "i1"], "{file}");
    }
}

/// The demonstration gives no `promoChoice`, so its Pawns promote as the script's default
/// `QNRB` says: to Queen, Rook, Bishop or Knight, not to the Archbishop, Chancellor or Lion.
#[test]
fn the_demo_pawn_promotes_to_the_default_qnrb() {
    let text = std::fs::read_to_string(
        root().join("tests/compat/corpus/001_interactive-diagrams-demo.txt"),
    )
    .unwrap();
    let (v, _) = Variant::from_definition("demo", &text).expect("the demo loads");
    let v = Arc::new(v);
    let named = |n: &str| v.pieces.iter().position(|p| p.name == n).unwrap();
    let sq = |s: &str| v.square(s.parse().unwrap());
    let mut setup = Setup::empty(&v);
    setup.put(sq("a7"), Some((named("Pawn"), Color::White)));
    setup.put(sq("f1"), Some((named("King"), Color::White)));
    setup.put(sq("f3"), Some((named("King"), Color::Black)));
    let mut pos = Position::from_setup(v.clone(), setup).unwrap();
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut promoted: Vec<&str> = list
        .iter()
        .filter(|m| m.from() == sq("a7") && m.promotion != fairyboard_core::moves::NO_PROMOTION)
        .map(|m| v.pieces[m.promotion as usize].id.as_str())
        .collect();
    promoted.sort();
    assert_eq!(promoted, ["B", "N", "Q", "R"]);
}
