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

use fairyboard_core::{Color, MoveList, Position, Variant};
use xbetza::random::Rng;

/// Random plies per file: enough to exercise captures and promotions in small variants while
/// keeping the whole corpus well under a minute.
const PLIES: usize = 8;

/// Our corpus only grows: fewer files of our own than this means some went missing. (The
/// shared set is counted apart: it is absent from checkouts without `../shared`.)
const MIN_OWN_FILES: usize = 20;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One corpus file: a name as the known-failures list spells it and its text.
struct Entry {
    name: String,
    text: String,
}

/// Our corpus (`NNN_slug.txt`) and, when the workspace has it beside it, the shared reference
/// set (named `shared/NN_slug.txt`).
fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    let dirs = [
        (root().join("tests/compat/corpus"), ""),
        (root().join("../shared/reference/diagrams"), "shared/"),
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
            let text = std::fs::read_to_string(&p)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            let file = p.file_name().unwrap().to_string_lossy();
            out.push(Entry {
                name: format!("{prefix}{file}"),
                text,
            });
        }
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
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    r.start_moves = Some(list.len());
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
        *done = ply + 1;
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
            "{:<44} {:>5} ms (rules page {:>5} ms) {:>3}E {:>3}W load={} pieces={:<3} moves={:<4} plies={} {}",
            e.name,
            t0.elapsed().as_millis(),
            r.rules_ms,
            r.parse_errors,
            r.parse_warnings,
            if r.loaded { "yes" } else { "no " },
            opt(r.pieces),
            opt(r.start_moves),
            r.plies,
            r.failure.as_deref().unwrap_or("ok")
        );
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
