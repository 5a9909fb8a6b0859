//! Any text as a `/d` query (see `fairyboard_fuzz::query`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::query(data));
