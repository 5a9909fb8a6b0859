//! Any text as an Interactive Diagram definition, parsed (see `fairyboard_fuzz::definition`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fairyboard_fuzz::definition(data));
