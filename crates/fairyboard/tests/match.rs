//! The match runner: a self-play smoke match, a smoke match against Fairy-Max (skipped
//! with a note when it is not installed: Debian package `fairymax`), and bad arguments.
//! Every move of the written PGN is replayed with the rules core (each SAN must be the
//! rendering of exactly one legal move), so "legal moves only" is checked independently
//! of the referee's own bookkeeping.

use std::path::{Path, PathBuf};
use std::process::Command;

fn variants_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_fairyboard")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyboard-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn fairymax() -> Option<String> {
    ["/usr/games/fairymax", "/usr/bin/fairymax"]
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(|p| p.to_string())
}

/// Replay the PGN's games with the core; return (games, results).
fn replay(pgn: &str, variant: &str) -> Vec<String> {
    let v = fairyboard_core::catalogue::load(
        variants_dir()
            .join(format!("{variant}.txt"))
            .to_str()
            .unwrap(),
    )
    .unwrap();
    let mut results = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let result = game
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .unwrap()
            .trim_end_matches("\"]")
            .to_string();
        // The chunk's first line is the rest of the `[Event` tag.
        let body: String = game
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        let mut pos = fairyboard_core::Position::start(v.clone());
        for token in body.split_whitespace() {
            if token.ends_with('.') || token == result {
                continue;
            }
            let legal = pos.legal_moves();
            let hits: Vec<_> = legal
                .iter()
                .filter(|m| pos.clone().san(m) == token)
                .collect();
            assert_eq!(
                hits.len(),
                1,
                "{token} is not one legal move in {}",
                pos.to_fen()
            );
            let m = *hits[0];
            pos.make(&m);
        }
        results.push(result);
    }
    results
}

fn run_match(engine2: &str, variant: &str, pgn: &Path) -> std::process::Output {
    run_match_with(engine2, variant, pgn, &[])
}

fn run_match_with(
    engine2: &str,
    variant: &str,
    pgn: &Path,
    extra: &[&str],
) -> std::process::Output {
    Command::new(bin())
        .args([
            "match",
            "--engine1",
            &format!("{} xboard", bin()),
            "--engine2",
            engine2,
            "--variant",
            variant,
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--max-plies",
            "120",
            "--pgn",
            pgn.to_str().unwrap(),
        ])
        .args(extra)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs")
}

fn check(out: std::process::Output, pgn: &Path, variant: &str) {
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("game 1:") && text.contains("game 2:"),
        "{text}"
    );
    assert!(!text.contains("illegal"), "{text}");
    assert!(text.contains("points of 2"), "{text}");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    let results = replay(&pgn, variant);
    assert_eq!(results.len(), 2);
    for r in results {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&r.as_str()));
    }
}

/// Self-play with both games at once (`--concurrency 2`: two pairs of engine processes):
/// each round is reported and written once, and each game replays legally.
#[test]
fn self_play_smoke_match() {
    let pgn = scratch("self.pgn");
    let out = run_match_with(
        &format!("{} xboard --seed 5", bin()),
        "shatranj",
        &pgn,
        &["--concurrency", "2"],
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    check(out, &pgn, "shatranj");
    let written = std::fs::read_to_string(&pgn).unwrap();
    for round in ["[Round \"1\"]", "[Round \"2\"]"] {
        assert_eq!(written.matches(round).count(), 1, "{round} in {written}");
    }
    assert_eq!(text.matches("game 1:").count(), 1, "{text}");
    assert_eq!(text.matches("game 2:").count(), 1, "{text}");
}

/// Xiangqi between two XBoard engines: both count the ten ranks from 0 as XBoard's
/// protocol says, and the referee reads and writes their moves so; with the referee
/// reading them as its own ranks, the first cannon move (`h2e2`: our h3-e3) is illegal.
#[test]
fn a_ten_rank_game_between_xboard_engines_has_no_illegal_move() {
    let pgn = scratch("xiangqi.pgn");
    let out = Command::new(bin())
        .args(["match", "--engine1", &format!("{} xboard", bin())])
        .args(["--engine2", &format!("{} xboard --seed 3", bin())])
        .args(["--variant", "xiangqi", "--games", "2", "--tc", "2+0.05"])
        .args(["--max-plies", "16", "--pgn", pgn.to_str().unwrap()])
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs");
    check(out, &pgn, "xiangqi");
}

/// A UCI engine (our own `uci` command) at time odds: the games finish with no forfeit,
/// replay legally, and the PGN names each side's clock.
#[test]
fn a_uci_engine_at_time_odds_plays_its_own_clock() {
    let pgn = scratch("uci.pgn");
    let out = run_match_with(
        &format!("{} uci", bin()),
        "shatranj",
        &pgn,
        &["--protocol2", "uci", "--tc2", "1+0.02"],
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    check(out, &pgn, "shatranj");
    for why in ["on time", "disconnected", "false claim", "resigned"] {
        assert!(!text.contains(why), "{why}: {text}");
    }
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        written.contains("[WhiteTimeControl \"2+0.05\"]"),
        "{written}"
    );
    assert!(
        written.contains("[BlackTimeControl \"1+0.02\"]"),
        "{written}"
    );
    assert!(!written.contains("[TimeControl "), "{written}");
}

/// `--nodes2`: the UCI engine 2 is asked for a fixed node budget (`go nodes N`) on each
/// of its moves, never for a clock search, and the games finish legally.
#[test]
fn a_uci_engine_2_searches_its_node_budget() {
    let pgn = scratch("nodes2.pgn");
    let log = scratch("nodes2-engine2.log");
    let _ = std::fs::remove_file(&log);
    let engine2 = format!("tee {} | {} uci", log.to_str().unwrap(), bin());
    let out = Command::new(bin())
        .args([
            "match",
            "--engine1",
            &format!("{} xboard --nodes 400", bin()),
        ])
        .args([
            "--engine2",
            &engine2,
            "--protocol2",
            "uci",
            "--nodes2",
            "700",
        ])
        .args(["--variant", "shatranj", "--games", "2", "--tc", "20+0.1"])
        .args(["--max-plies", "16", "--pgn", pgn.to_str().unwrap()])
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs");
    check(out, &pgn, "shatranj");
    let sent = std::fs::read_to_string(&log).unwrap();
    let goes: Vec<&str> = sent.lines().filter(|l| l.starts_with("go")).collect();
    // Engine 2 moves 8 times in each of the two 16-ply games.
    assert_eq!(goes.len(), 16, "{sent}");
    assert!(goes.iter().all(|l| *l == "go nodes 700"), "{sent}");
}

/// `--nodes1` with `--nodes2`: two UCI engines, each on its own node budget (one engine
/// against itself at two budgets measures what more nodes buy it).
#[test]
fn two_uci_engines_search_their_own_node_budgets() {
    let pgn = scratch("nodes12.pgn");
    let logs = [
        scratch("nodes12-engine1.log"),
        scratch("nodes12-engine2.log"),
    ];
    let engines: Vec<String> = logs
        .iter()
        .map(|log| {
            let _ = std::fs::remove_file(log);
            format!("tee {} | {} uci", log.to_str().unwrap(), bin())
        })
        .collect();
    let out = Command::new(bin())
        .args(["match", "--engine1", &engines[0], "--protocol1", "uci"])
        .args(["--nodes1", "300", "--engine2", &engines[1]])
        .args(["--protocol2", "uci", "--nodes2", "900"])
        .args(["--variant", "shatranj", "--games", "2", "--tc", "20+0.1"])
        .args(["--max-plies", "12", "--pgn", pgn.to_str().unwrap()])
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs");
    check(out, &pgn, "shatranj");
    for (log, budget) in logs.iter().zip(["go nodes 300", "go nodes 900"]) {
        let sent = std::fs::read_to_string(log).unwrap();
        let goes: Vec<&str> = sent.lines().filter(|l| l.starts_with("go")).collect();
        // Each engine moves 6 times in each of the two 12-ply games.
        assert_eq!(goes.len(), 12, "{sent}");
        assert!(goes.iter().all(|l| *l == budget), "{sent}");
    }
    // An XBoard engine has no `go nodes`: a budget for one is refused before any game.
    for n in ["1", "2"] {
        let out = Command::new(bin())
            .args(["match", "--engine1", "true", "--engine2", "true"])
            .args([format!("--nodes{n}"), "5".into()])
            .output()
            .expect("runs");
        assert!(!out.status.success());
        let needs = format!("--nodes{n} needs --protocol{n} uci");
        assert!(String::from_utf8_lossy(&out.stderr).contains(&needs));
    }
}

#[test]
fn smoke_match_against_fairy_max() {
    let Some(fm) = fairymax() else {
        println!("note: fairymax is not installed (apt-get install -y fairymax); skipped");
        return;
    };
    let pgn = scratch("fairymax.pgn");
    let out = run_match(&fm, "chess", &pgn);
    check(out, &pgn, "chess");
}

#[test]
fn bad_arguments_are_errors_not_hangs() {
    for args in [
        vec!["--tc", "soon"],
        vec!["--variant", "nosuchgame"],
        vec!["--engine2", "/nonexistent/engine"],
    ] {
        let mut all = vec![
            "match",
            "--engine1",
            "true",
            "--engine2",
            "true",
            "--games",
            "1",
        ];
        all.extend(args.iter());
        let out = Command::new(bin())
            .args(&all)
            .env("FAIRYBOARD_VARIANTS", variants_dir())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty() || !out.stdout.is_empty());
    }
}

#[test]
fn the_score_line_reports_points_percent_and_elo() {
    // Two short self-play games: whatever the result, the line has the fields.
    let pgn = scratch("score.pgn");
    let out = run_match(&format!("{} xboard --seed 9", bin()), "chess", &pgn);
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap();
    assert!(last.contains("points of 2 ("), "{last}");
    assert!(last.contains("%), Elo difference"), "{last}");
    assert!(last.contains("+/-"), "{last}");
}

/// Whether a process is still running (a zombie waiting to be reaped counts as ended).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let state = s.rsplit_once(')')?.1.split_whitespace().next()?.to_string();
            Some(state != "Z" && state != "X")
        })
        .unwrap_or(false)
}

/// Engines run under `sh -c`; when the match ends, the whole process group goes, not just
/// the shell. Engine 2 here is a shell that starts a long `sleep` beside the engine (as a
/// wrapper script with a helper process would): after the match, the sleep must be gone.
#[test]
fn the_match_ends_each_engines_whole_process_group() {
    let pidfile = scratch("helper.pid");
    let engine2 = format!(
        "sleep 300 & echo $! > {}; {} xboard --seed 3",
        pidfile.display(),
        bin()
    );
    let pgn = scratch("group.pgn");
    let out = Command::new(bin())
        .args([
            "match",
            "--engine1",
            &format!("{} xboard", bin()),
            "--engine2",
            &engine2,
        ])
        .args(["--games", "1", "--tc", "2+0.05", "--max-plies", "6"])
        .arg("--pgn")
        .arg(&pgn)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .expect("the wrapper ran")
        .trim()
        .parse()
        .expect("a process ID");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    while alive(pid) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let survived = alive(pid);
    if survived {
        // Clean up the one process this test started before failing.
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    assert!(
        !survived,
        "the engine's helper process {pid} outlived the match"
    );
}

/// An XBoard engine that answers `variant` with `Error (unknown variant)` would play its
/// previous game's rules against the referee's board: the match stops before the first
/// move and names the engine, the variant and the engine's words.
#[test]
fn an_engine_that_refuses_the_variant_stops_the_match() {
    let pgn = scratch("refused.pgn");
    let out = run_match_with(
        &format!("{} xboard", bin()),
        variants_dir().join("losalamos.txt").to_str().unwrap(),
        &pgn,
        &["--engine-variant", "no-such-game"],
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("refused variant 'no-such-game'"), "{text}");
    assert!(text.contains("Error (unknown variant)"), "{text}");
    // No game was played or scored.
    assert!(
        !text.contains("Score of") && !text.contains(" - "),
        "{text}"
    );
}

/// A match of our xboard engine against our UCI engine with `args` (variant, games,
/// clocks, files), the variants read from `variants`: its report, the run checked to
/// have succeeded.
fn xboard_against_uci(variants: &Path, args: &[&str]) -> String {
    let out = Command::new(bin())
        .args(["match", "--engine1", &format!("{} xboard", bin())])
        .args(["--engine2", &format!("{} uci", bin()), "--protocol2", "uci"])
        .args(args)
        .env("FAIRYBOARD_VARIANTS", variants)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// `--openings`: each pair of games starts from the next line of the file, colours
/// swapped, and the PGN holds the whole game from the variant's start (the opening's moves
/// first). One engine speaks XBoard (told the opening in force mode), the other UCI (told
/// it in `position startpos moves`); every game replays legally.
#[test]
fn games_start_from_the_openings_file_in_pairs() {
    let pgn = scratch("openings.pgn");
    let book = scratch("openings.txt");
    std::fs::write(&book, "# shatranj lines\ne2e3 e7e6\nb1c3 g8f6 c3d5\n").unwrap();
    let text = xboard_against_uci(
        &variants_dir(),
        &[
            "--variant",
            "shatranj",
            "--games",
            "4",
            "--tc",
            "1+0.02",
            "--max-plies",
            "20",
            "--concurrency",
            "2",
            "--openings",
            book.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    for why in ["illegal", "on time", "disconnected", "false claim"] {
        assert!(!text.contains(why), "{why}: {text}");
    }
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(replay(&written, "shatranj").len(), 4);
    for game in written.split("[Event ").skip(1) {
        let round: u32 = game
            .lines()
            .find_map(|l| l.strip_prefix("[Round \""))
            .and_then(|r| r.trim_end_matches("\"]").parse().ok())
            .unwrap();
        let movetext = game.split("\n\n").nth(1).unwrap().replace('\n', " ");
        let start = if round <= 2 {
            "1. e3 e6 "
        } else {
            "1. Nc3 Nf6 2. Nd5 "
        };
        assert!(movetext.starts_with(start), "round {round}: {movetext}");
    }
    // A bad line stops the match before any game, naming the file, line and column.
    std::fs::write(&book, "e2e3\ne7e6\n").unwrap();
    let out = Command::new(bin())
        .args(["match", "--engine1", "true", "--engine2", "true"])
        .args([
            "--variant",
            "shatranj",
            "--openings",
            book.to_str().unwrap(),
        ])
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("openings.txt:2:1: move 'e7e6'"), "{err}");
}

/// Fifty moves without capture or pawn move end the game drawn, as XBoard adjudicates by
/// default and as both engines plan. The test's pieces only step forward onto empty
/// squares and are not pawns: no capture, no pawn move and no repetition can happen, and
/// the 8 × 14 empty squares between the armies hold 112 plies of moves, so only the rule
/// ends the game before they run out — at exactly ply 100.
#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let dir = scratch("walkers");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("walkers.txt"),
        "files=8\nranks=16\nwalker:W:fmW::a1-h1\n",
    )
    .unwrap();
    let pgn = scratch("walkers.pgn");
    xboard_against_uci(
        &dir,
        &[
            "--variant",
            "walkers",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<&str> = written.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{written}");
    for game in games {
        assert!(game.contains("[Result \"1/2-1/2\"]"), "{game}");
        assert!(game.contains("[Termination \"fifty-move rule\"]"), "{game}");
        let movetext = game.split("\n\n").nth(1).unwrap().replace('\n', " ");
        let plies = movetext
            .split_whitespace()
            .filter(|t| t.starts_with('W'))
            .count();
        assert_eq!(plies, 100, "{movetext}");
    }
}
