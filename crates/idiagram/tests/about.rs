//! fairyboard's author parameters (`title`, `aliases`, `introduction`, `notes`, `strategy`,
//! `history`): read as plain text, one paragraph per line, kept when the definition is
//! written back.

use idiagram::{parse, About};

const TEXT: &str = "title=Four Kings\naliases=Quadruple,  Vier , \n\
    introduction=One.\nintroduction=Two.\nnotes=  \nhistory=Made up.\n\
    files=4\nranks=4\nking:K:K::a1\n";

#[test]
fn the_author_parameters_are_read_as_text() {
    let p = parse(TEXT);
    assert!(
        p.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        p.diagnostics
    );
    // A repeated paragraph parameter is no "given again" warning.
    assert!(
        !p.diagnostics
            .iter()
            .any(|d| d.message.contains("given again")),
        "{:?}",
        p.diagnostics
    );
    assert_eq!(
        p.definition.about(),
        About {
            title: Some("Four Kings".into()),
            aliases: vec!["Quadruple".into(), "Vier".into()],
            introduction: vec!["One.".into(), "Two.".into()],
            notes: vec![],
            strategy: vec![],
            history: vec!["Made up.".into()],
        }
    );
}

#[test]
fn the_author_parameters_survive_writing_back() {
    let d = parse(TEXT).definition;
    let again = parse(&d.to_text()).definition;
    assert_eq!(again.about(), d.about());
}

#[test]
fn the_parameter_table_documents_them() {
    for name in [
        "title",
        "aliases",
        "introduction",
        "notes",
        "strategy",
        "history",
    ] {
        let p = idiagram::parameters()
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{name} is declared"));
        assert!(p.doc.starts_with("fairyboard:"), "{name}");
    }
}
