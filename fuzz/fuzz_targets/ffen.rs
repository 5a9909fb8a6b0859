//! Any text as a Fairy-FEN, with the round-trip property (see `fairyboard_fuzz::ffen`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::ffen(data));
