//! From an Interactive Diagram definition text to a [`Variant`]: the parser (the `idiagram`
//! crate) reads the text into its [`Definition`] model, and [`Variant::compile`] builds the
//! variant straight from that model. Parser and build report in one [`Diagnostic`] type.

use crate::variant::Variant;
use idiagram::{Definition, Diagnostic, Param};

impl Variant {
    /// Parse and compile a definition text. `Err` lists every error (no game can be built);
    /// `Ok` carries the warnings. Both are [`check`]'s diagnostics.
    pub fn from_definition(
        name: &str,
        text: &str,
    ) -> Result<(Variant, Vec<Diagnostic>), Vec<Diagnostic>> {
        let Checked {
            variant,
            diagnostics,
            ..
        } = check(name, text);
        match variant {
            Some(v) => Ok((v, diagnostics)),
            None => Err(diagnostics.into_iter().filter(|d| d.is_error()).collect()),
        }
    }
}

/// Everything an author should know about a definition text: the parser's diagnostics and
/// the build's (moves, squares, promotion, rules), in one list sorted by line and column,
/// plus the variant when one could be built. A build finding about a piece's move points at
/// the move character (the move field's column plus the character's offset); one about a
/// parameter is placed on the line that last sets it.
pub fn check(name: &str, text: &str) -> Checked {
    check_parsed(name, idiagram::parse(text))
}

/// [`check`] of a text already parsed: for a caller that looks at the parsed definition
/// before building it (the fuzz target cuts boards down to its size bound), so the text is
/// not parsed twice.
pub fn check_parsed(name: &str, parsed: idiagram::Parsed) -> Checked {
    check_parsed_within(name, parsed, xbetza::CompileBudget::DEFAULT)
}

/// [`check_parsed`] with moves compiled within `budget` ([`Variant::compile_within`]).
pub fn check_parsed_within(
    name: &str,
    parsed: idiagram::Parsed,
    budget: xbetza::CompileBudget,
) -> Checked {
    let mut all = parsed.diagnostics;
    let (variant, build) = match Variant::compile_within(name, &parsed.definition, budget) {
        Ok((v, w)) => (Some(v), w),
        Err(e) => (None, e),
    };
    all.extend(build.into_iter().map(|d| place(d, &parsed.all_params)));
    all.sort_by_key(|d| (d.line, d.column));
    let ok = all.iter().all(|d| !d.is_error());
    let variant = variant.filter(|_| ok);
    Checked {
        definition: parsed.definition,
        variant,
        diagnostics: all,
    }
}

/// A build finding about a parameter, without a line of its own, on the line of the last
/// `key=` that sets it (column 1); others as they are.
fn place(d: Diagnostic, params: &[Param]) -> Diagnostic {
    if d.line > 0 {
        return d;
    }
    let line = d
        .parameter
        .as_deref()
        .and_then(|key| params.iter().rev().find(|p| p.key == key))
        .map_or(0, |p| p.line);
    if line > 0 {
        d.at(line, 1)
    } else {
        d
    }
}

/// What [`check`] found.
pub struct Checked {
    /// The definition as parsed (always: the parser never fails).
    pub definition: Definition,
    /// The variant, unless an error leaves no game to build.
    pub variant: Option<Variant>,
    /// Sorted by line, then column.
    pub diagnostics: Vec<Diagnostic>,
}
