//! The parameter reference page (`PARAMETERS.md` at the repository root) is the parameter
//! table's own rendering, so the docs cannot drift from what the parser reads.
//! `UPDATE_REFERENCE=1 cargo test -p idiagram --test parameters` rewrites the page.

use std::path::PathBuf;

fn page_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../PARAMETERS.md")
}

#[test]
fn the_parameter_reference_is_the_tables_rendering() {
    let want = idiagram::parameters_markdown();
    if std::env::var_os("UPDATE_REFERENCE").is_some() {
        std::fs::write(page_path(), &want).unwrap();
    }
    let have = std::fs::read_to_string(page_path()).unwrap_or_default();
    assert!(
        have == want,
        "PARAMETERS.md differs from the parameter table: run \
         UPDATE_REFERENCE=1 cargo test -p idiagram --test parameters"
    );
}

#[test]
fn every_parameter_the_parser_knows_has_a_row_with_its_meaning() {
    let page = idiagram::parameters_markdown();
    // Parameters of the format as its documentation lists them (the Interactive Diagram's
    // page on chessvariants.com) and fairyboard's own, each with a row.
    for name in [
        "files",
        "ranks",
        "holdingsType",
        "promoZone",
        "promoChoice",
        "royal",
        "captureMatrix",
        "stalemate",
        "baring",
        "symmetry",
        "lightShade",
        "repetition",
        "pieceValue",
        "freeMode",
    ] {
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("no row for {name}"));
        let meaning = row.trim_end_matches('|').rsplit('|').next().unwrap().trim();
        assert!(meaning.len() > 10, "{name}: {row}");
    }
    for p in idiagram::parameters() {
        assert!(page.contains(&format!("| `{}` |", p.name)), "{}", p.name);
        assert!(!p.doc.is_empty(), "{} has no doc line", p.name);
    }
}
