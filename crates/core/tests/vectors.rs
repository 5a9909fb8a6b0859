//! The worked examples of the XBetza spec (`crates/xbetza/tests/vectors.txt`, expected
//! targets worked out by hand), run through the compiled leg programs and the interpreter.
//!
//! Line format: `DESCRIPTOR | WxH | FROM | PIECES | EXPECTED`; PIECES tokens: `w:d6`,
//! `b:d8`, `wk:`/`bk:` (royal), `moved`, `ep:d6/d5`, `hole:e4`.

use fairyboard_core::coord::Coord;
use fairyboard_core::explore::{Extra, Scene};
use fairyboard_core::Color;

fn coord(s: &str) -> Coord {
    s.parse().unwrap_or_else(|e| panic!("bad square '{s}': {e}"))
}

pub fn scene(line: &str) -> Option<(Scene, Vec<String>)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let cols: Vec<&str> = line.split('|').map(str::trim).collect();
    assert_eq!(cols.len(), 5, "bad vector line: {line}");
    let (w, h) = cols[1].split_once('x').unwrap();
    let mut scene = Scene {
        descriptor: cols[0].to_string(),
        files: w.parse().unwrap(),
        ranks: h.parse().unwrap(),
        from: coord(cols[2]),
        extras: vec![],
        holes: vec![],
        moved: false,
        ep: None,
    };
    for tok in cols[3].split_whitespace() {
        if tok == "moved" {
            scene.moved = true;
            continue;
        }
        let (kind, sq) = tok.split_once(':').unwrap_or_else(|| panic!("bad piece token '{tok}'"));
        match kind {
            "w" | "b" | "wk" | "bk" => scene.extras.push(Extra {
                at: coord(sq),
                color: if kind.starts_with('w') { Color::White } else { Color::Black },
                royal: kind.ends_with('k'),
            }),
            "ep" => {
                let (a, b) = sq.split_once('/').unwrap();
                scene.ep = Some((coord(a), coord(b)));
            }
            "hole" => scene.holes.push(coord(sq)),
            _ => panic!("bad piece token '{tok}'"),
        }
    }
    let mut expected: Vec<String> = cols[4].split_whitespace().map(str::to_string).collect();
    expected.sort();
    expected.dedup();
    Some((scene, expected))
}

#[test]
fn worked_examples_through_the_compiled_interpreter() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../xbetza/tests/vectors.txt");
    let text = std::fs::read_to_string(path).expect("vectors.txt");
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let Some((scene, expected)) = scene(line) else { continue };
        n += 1;
        match scene.targets() {
            Ok(got) if got == expected => {}
            Ok(got) => {
                let extra: Vec<_> = got.iter().filter(|t| !expected.contains(t)).collect();
                let missing: Vec<_> = expected.iter().filter(|t| !got.contains(t)).collect();
                failures.push(format!("line {}: {line}\n   extra {extra:?} missing {missing:?}", i + 1));
            }
            Err(e) => failures.push(format!("line {}: {line}\n   error {e:?}", i + 1)),
        }
    }
    assert!(n >= 60, "only {n} vectors");
    assert!(failures.is_empty(), "{} of {n} vectors failed:\n{}", failures.len(), failures.join("\n"));
}
