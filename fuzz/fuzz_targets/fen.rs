//! Any text as a FEN of a few catalogue variants: parsing never panics, and a parsed
//! position generates moves and prints a FEN that parses again.
#![no_main]
use std::sync::{Arc, OnceLock};

use fairyboard_core::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fn variants() -> &'static Vec<Arc<Variant>> {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        ["chess", "shogi", "xiangqi", "crazyhouse", "capablanca"]
            .iter()
            .map(|n| {
                let text = std::fs::read_to_string(format!("{}/../variants/{n}.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
                Arc::new(Variant::from_definition(n, &text).unwrap().0)
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    for v in variants() {
        if let Ok(mut pos) = Position::from_fen(v.clone(), s) {
            let _ = pos.legal_moves();
            let fen = pos.to_fen();
            assert!(Position::from_fen(v.clone(), &fen).is_ok(), "{fen}");
        }
    }
});
