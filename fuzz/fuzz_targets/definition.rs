//! Any text as an Interactive Diagram definition: parsing and building never panic, and a
//! variant that builds can generate its start position's moves.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    if s.len() > 4096 {
        return;
    }
    if let Ok((v, _)) = fairyboard_core::Variant::from_definition("fuzz", s) {
        let mut pos = fairyboard_core::Position::start(std::sync::Arc::new(v));
        let _ = pos.legal_moves();
    }
});
