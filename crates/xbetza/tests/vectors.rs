//! Runs every line of `vectors.txt` through the reference interpreter.

use xbetza::vectors::{parse_vector_file, tokens, VectorCase};
use xbetza::{compile, parse, reference_moves, CompileOptions};

const TABLE: &str = include_str!("vectors.txt");

fn cases() -> Vec<VectorCase> {
    parse_vector_file(TABLE).expect("vectors.txt is well-formed")
}

#[test]
fn table_is_substantial() {
    assert!(cases().len() >= 250, "only {} vectors", cases().len());
}

#[test]
fn reference_matches_vectors() {
    let mut failures = Vec::new();
    for case in cases() {
        let d = match parse(&case.descriptor) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!(
                    "line {}: {}: parse error {e}",
                    case.line, case.descriptor
                ));
                continue;
            }
        };
        let got = tokens(&reference_moves(&d, &case.board, case.from));
        if got != case.expected {
            let missing: Vec<_> = case.expected.difference(&got).collect();
            let extra: Vec<_> = got.difference(&case.expected).collect();
            failures.push(format!(
                "line {}: {}: missing {missing:?} extra {extra:?}",
                case.line, case.descriptor
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_vector_compiles() {
    for case in cases() {
        let d = parse(&case.descriptor).expect("parses");
        for max_range in [8u8, 16, 24] {
            let p = compile(&d, &CompileOptions { max_range });
            assert!(
                p.is_ok(),
                "line {}: {}: {:?}",
                case.line,
                case.descriptor,
                p.err()
            );
        }
        let side = case.board.files.max(case.board.ranks) as u8;
        let p = compile(&d, &CompileOptions { max_range: side }).expect("compiles");
        assert!(!p.records.is_empty() || case.expected.is_empty());
    }
}

#[test]
fn every_vector_round_trips_through_display() {
    for case in cases() {
        let d = parse(&case.descriptor).expect("parses");
        let shown = d.to_string();
        let again = parse(&shown).unwrap_or_else(|e| panic!("{shown}: {e}"));
        assert_eq!(
            d, again,
            "line {}: {} -> {shown}",
            case.line, case.descriptor
        );
    }
}
