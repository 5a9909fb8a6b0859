//! The worked examples of the XBetza spec (`crates/xbetza/tests/vectors.txt`, expected
//! targets worked out by hand), run through the compiled leg programs and the engine's
//! interpreter.

use fairyboard_core::coord::Coord;
use fairyboard_core::explore::{Extra, Scene};
use fairyboard_core::Color;
use xbetza::vectors::{parse_vector_file, VectorCase};
use xbetza::Cell;

fn coord(sq: (i32, i32)) -> Coord {
    Coord::new(sq.0 as u8, sq.1 as u8)
}

/// The engine's view of a vector's board.
pub fn scene(case: &VectorCase) -> Scene {
    let b = &case.board;
    let mut scene = Scene {
        descriptor: case.descriptor.clone(),
        files: b.files as u8,
        ranks: b.ranks as u8,
        from: coord(case.from),
        extras: vec![],
        holes: vec![],
        moved: false,
        ep: None,
        ahead: b.mover_ahead,
    };
    for r in 0..b.ranks {
        for f in 0..b.files {
            let c = b.get((f, r));
            let at = coord((f, r));
            if (f, r) == case.from {
                if let Cell::Friend { virgin, .. } = c {
                    scene.moved = !virgin;
                }
                continue;
            }
            match c {
                Cell::Off => scene.holes.push(at),
                Cell::Empty => {}
                Cell::Friend { royal, virgin } | Cell::Enemy { royal, virgin } => scene.extras.push(Extra {
                    at,
                    color: if matches!(c, Cell::Friend { .. }) { Color::White } else { Color::Black },
                    royal,
                    virgin,
                }),
            }
        }
    }
    if let Some(ep) = &b.ep {
        scene.ep = Some((ep.squares.iter().map(|&s| coord(s)).collect(), coord(ep.victim)));
    }
    scene
}

#[test]
fn worked_examples_through_the_compiled_interpreter() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../xbetza/tests/vectors.txt");
    let text = std::fs::read_to_string(path).expect("vectors.txt");
    let cases = parse_vector_file(&text).expect("vectors.txt parses");
    let mut failures = Vec::new();
    for case in &cases {
        let expected: Vec<String> = case.expected.iter().cloned().collect();
        match scene(case).targets() {
            Ok(got) if got == expected => {}
            Ok(got) => {
                let extra: Vec<_> = got.iter().filter(|t| !expected.contains(t)).collect();
                let missing: Vec<_> = expected.iter().filter(|t| !got.contains(t)).collect();
                failures.push(format!("line {}: {}\n   extra {extra:?} missing {missing:?}", case.line, case.descriptor));
            }
            Err(e) => failures.push(format!("line {}: {}\n   error {e:?}", case.line, case.descriptor)),
        }
    }
    assert!(cases.len() >= 250, "only {} vectors", cases.len());
    assert!(failures.is_empty(), "{} of {} vectors failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
