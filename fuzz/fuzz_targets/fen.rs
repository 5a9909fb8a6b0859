//! Any text as a FEN, with the round-trip property (see `fairyboard_fuzz::fen`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::fen(data));
