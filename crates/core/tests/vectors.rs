//! The worked examples of the XBetza spec (`crates/xbetza/tests/vectors.txt`, expected
//! targets worked out by hand), run through the compiled leg programs and the engine's
//! interpreter.

mod common;

use common::scene_of;
use xbetza::vectors::parse_vector_file;

#[test]
fn worked_examples_through_the_compiled_interpreter() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../xbetza/tests/vectors.txt");
    let text = std::fs::read_to_string(path).expect("vectors.txt");
    let cases = parse_vector_file(&text).expect("vectors.txt parses");
    let mut failures = Vec::new();
    for case in &cases {
        let expected: Vec<String> = case.expected.iter().cloned().collect();
        match scene_of(&case.descriptor, &case.board, case.from).targets() {
            Ok(got) if got == expected => {}
            Ok(got) => {
                let extra: Vec<_> = got.iter().filter(|t| !expected.contains(t)).collect();
                let missing: Vec<_> = expected.iter().filter(|t| !got.contains(t)).collect();
                failures.push(format!(
                    "line {}: {}\n   extra {extra:?} missing {missing:?}",
                    case.line, case.descriptor
                ));
            }
            Err(e) => failures.push(format!(
                "line {}: {}\n   error {e:?}",
                case.line, case.descriptor
            )),
        }
    }
    assert!(cases.len() >= 250, "only {} vectors", cases.len());
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
