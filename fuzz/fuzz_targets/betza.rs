//! Any text as a Betza descriptor: parsing and compiling never panic; what compiles also
//! generates moves on a small board without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    if s.len() > 64 {
        return;
    }
    if let Ok(d) = xbetza::parse(s) {
        if xbetza::compile(&d, &xbetza::CompileOptions { max_range: 8 }).is_ok() {
            let _ = fairyboard_core::explore::targets_on_empty_board(s, 8, 8, fairyboard_core::coord::Coord::new(3, 3));
        }
    }
});
