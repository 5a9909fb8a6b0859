//! Work linear in the size of a definition: long lines of separators parse in time
//! proportional to their length, and every diagnostic still names its line and column.

use std::time::{Duration, Instant};

/// Parse `text` on a thread, failing if it takes longer than `limit`.
fn parse_within(text: String, limit: Duration) -> idiagram::Parsed {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(idiagram::parse(&text));
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("parsing took more than {limit:?}"))
}

#[test]
fn a_long_line_of_colons_parses_in_linear_time() {
    // Before, every ':' field recounted the columns from the start of the line: a 1 MB
    // line took 18.8 s (64 KB: 0.1 s), so 2 MB would take over a minute. Linear work
    // takes well under a second; 10 s is generous on a busy machine.
    let start = Instant::now();
    let parsed = parse_within(":".repeat(2 << 20), Duration::from_secs(10));
    let took = start.elapsed();
    assert!(took < Duration::from_secs(10), "{took:?}");
    let _ = parsed.errors().count();
}

#[test]
fn a_long_capture_matrix_row_of_bad_cells_parses_in_linear_time() {
    // One diagnostic per cell, each with its column: recounting the row for every column took
    // 93 s for 1 MB.
    let text = format!(
        "files=8\nranks=8\nking:K:K::e1\ncaptureMatrix={}\n",
        "x".repeat(1 << 20)
    );
    let parsed = parse_within(text, Duration::from_secs(10));
    let last = parsed.diagnostics.last().map(|d| d.to_string());
    // The last 'x' stands at column 14 + 2^20 of line 4 ("captureMatrix=" is 14 long).
    let want = format!("line 4, column {} ", 14 + (1 << 20));
    assert!(
        last.as_deref().is_some_and(|s| s.starts_with(&want)),
        "{last:?}"
    );
}

#[test]
fn piece_field_columns_count_characters() {
    // The move field 'é' is two bytes but one column: columns count characters.
    let text = "files=8\nranks=8\nking:K:K::e1\nknight:N:é:pic:zz9\n";
    let parsed = idiagram::parse(text);
    let d = parsed
        .errors()
        .chain(parsed.warnings())
        .find(|d| d.to_string().contains("zz9"))
        .map(|d| d.to_string());
    // "zz9" starts at column 16: k(1)..t(6) :(7) N(8) :(9) é(10) :(11) p(12) i(13) c(14) :(15).
    assert!(
        d.as_deref()
            .is_some_and(|s| s.starts_with("line 4, column 16 ")),
        "{d:?}"
    );
}
