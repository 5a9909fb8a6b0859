//! Any small definition compiled, its start position's moves generated (see `fairyboard_fuzz::variant`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::variant(data));
