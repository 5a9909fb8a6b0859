//! Any text as the query of `GET /api/moves`, answered by the server (see `fairyboard_fuzz::api`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::api(data));
