//! Shared by the vector and differential tests: the engine's scene for a reference board.

use fairyboard_core::coord::Coord;
use fairyboard_core::explore::{Extra, Scene};
use fairyboard_core::Color;
use xbetza::{Cell, RefBoard, Square};

fn coord(sq: (i32, i32)) -> Coord {
    Coord::new(sq.0 as u8, sq.1 as u8)
}

/// The engine's view of a reference board with a White mover on `from`.
pub fn scene_of(descriptor: &str, b: &RefBoard, from: Square) -> Scene {
    let mut scene = Scene {
        descriptor: descriptor.to_string(),
        files: b.files as u8,
        ranks: b.ranks as u8,
        from: coord(from),
        extras: vec![],
        holes: vec![],
        moved: false,
        ep: None,
        ahead: b.mover_ahead,
        types: vec![],
    };
    for r in 0..b.ranks {
        for f in 0..b.files {
            let c = b.get((f, r));
            let at = coord((f, r));
            if (f, r) == from {
                if let Cell::Friend { virgin, .. } = c {
                    scene.moved = !virgin;
                }
                continue;
            }
            match c {
                Cell::Off => scene.holes.push(at),
                Cell::Empty => {}
                Cell::Friend { royal, virgin } | Cell::Enemy { royal, virgin } => {
                    scene.extras.push(Extra {
                        at,
                        color: if matches!(c, Cell::Friend { .. }) {
                            Color::White
                        } else {
                            Color::Black
                        },
                        royal,
                        virgin,
                    })
                }
            }
        }
    }
    for (&sq, moves) in &b.types {
        if sq != from && matches!(b.get(sq), Cell::Friend { .. } | Cell::Enemy { .. }) {
            scene.types.push((coord(sq), moves.clone()));
        }
    }
    if let Some(ep) = &b.ep {
        scene.ep = Some((
            ep.squares.iter().map(|&s| coord(s)).collect(),
            coord(ep.victim),
        ));
    }
    scene
}
