//! Settings by name: a trial's evaluation weights or search parameters from a command
//! line, so that a match between two settings (or a tuner's thousands of them) needs no
//! rebuild.
//!
//! ```
//! use fairyboard_ai::search::SearchParams;
//! let p = SearchParams::parse("futility_base=90 lmr_divisor=200").unwrap();
//! assert_eq!((p.futility_base, p.lmr_divisor), (90, 200));
//! assert!(SearchParams::parse("futility=90").is_err());
//! ```

/// Set the named settings from `NAME=VALUE` pairs (whitespace between them). An unknown
/// name or a value that is not a whole number is an error naming the pair; `what` says
/// what the names are of ("weight", "search parameter").
pub fn set_by_name(
    mut named: Vec<(&'static str, &mut i32)>,
    text: &str,
    what: &str,
) -> Result<(), String> {
    for pair in text.split_whitespace() {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(format!("{pair}: not NAME=VALUE"));
        };
        let value: i32 = value
            .parse()
            .map_err(|_| format!("{pair}: {value} is not a whole number"))?;
        let Some((_, setting)) = named.iter_mut().find(|(n, _)| *n == name) else {
            return Err(format!("{pair}: no {what} is called {name}"));
        };
        **setting = value;
    }
    Ok(())
}
