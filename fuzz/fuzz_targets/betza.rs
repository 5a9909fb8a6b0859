//! Any text as a Betza descriptor (see `fairyboard_fuzz::betza`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::betza(data));
