//! Diagnostics: every problem found while reading a definition, with its position.

use std::fmt;

/// How bad a problem is. An error means no game can be built at all (the text has no piece
/// types); everything else is a warning: like the Interactive Diagram, which never refuses a
/// page, the parser skips what it cannot use and the warning says what was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem in a definition text.
///
/// `line` and `column` are 1-based; the column counts characters (not bytes) of the source line,
/// also when several items were stored on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Diagnostic {
    pub severity: Severity,
    pub line: usize,
    pub column: usize,
    /// The piece the problem is in (a piece line or its `morph`) or about (a `captureMatrix` row).
    pub piece: Option<String>,
    /// The parameter the problem is in (`files`, `morph`, `promoChoice`, ...).
    pub parameter: Option<String>,
    pub message: String,
}

impl Diagnostic {
    /// A problem not yet placed in the text (line and column 0): the rules core builds its
    /// findings so and places them with [`Diagnostic::at`] when it knows where they are.
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            line: 0,
            column: 0,
            piece: None,
            parameter: None,
            message: message.into(),
        }
    }

    /// A warning: something was skipped or kept in another form, the game still plays.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message)
    }

    /// An error: no game can be built.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message)
    }

    /// This diagnostic at 1-based `line` and `column`.
    pub fn at(mut self, line: usize, column: usize) -> Diagnostic {
        self.line = line;
        self.column = column;
        self
    }

    /// This diagnostic about piece `name`.
    pub fn in_piece(mut self, name: &str) -> Diagnostic {
        self.piece = Some(name.to_string());
        self
    }

    /// This diagnostic about parameter `key`.
    pub fn in_parameter(mut self, key: &str) -> Diagnostic {
        self.parameter = Some(key.to_string());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `line 7, column 12 (piece 'lance', parameter 'morph'): error: <message>`; without a
    /// place in the text (line 0, a definition built in code) the place is left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = if self.line > 0 {
            format!("line {}, column {}", self.line, self.column)
        } else {
            String::new()
        };
        let context = match (&self.piece, &self.parameter) {
            (Some(p), Some(k)) => format!("(piece '{p}', parameter '{k}')"),
            (Some(p), None) => format!("(piece '{p}')"),
            (None, Some(k)) => format!("(parameter '{k}')"),
            (None, None) => String::new(),
        };
        if !context.is_empty() {
            if !place.is_empty() {
                place.push(' ');
            }
            place.push_str(&context);
        }
        if !place.is_empty() {
            write!(f, "{place}: ")?;
        }
        write!(f, "{}: {}", self.severity, self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Where a diagnostic points, plus its context.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ctx<'a> {
    pub piece: Option<&'a str>,
    pub param: Option<&'a str>,
}

impl<'a> Ctx<'a> {
    pub fn piece(name: &'a str) -> Ctx<'a> {
        Ctx {
            piece: Some(name),
            param: None,
        }
    }
    pub fn param(key: &'a str) -> Ctx<'a> {
        Ctx {
            piece: None,
            param: Some(key),
        }
    }
    pub fn piece_param(name: &'a str, key: &'a str) -> Ctx<'a> {
        Ctx {
            piece: Some(name),
            param: Some(key),
        }
    }
}

/// Collector of diagnostics.
#[derive(Debug, Default)]
pub(crate) struct Diags {
    pub list: Vec<Diagnostic>,
}

impl Diags {
    pub fn push(&mut self, severity: Severity, line: usize, column: usize, ctx: Ctx, msg: String) {
        self.list.push(Diagnostic {
            severity,
            line,
            column,
            piece: ctx.piece.map(str::to_string),
            parameter: ctx.param.map(str::to_string),
            message: msg,
        });
    }
    pub fn error(&mut self, line: usize, column: usize, ctx: Ctx, msg: impl Into<String>) {
        self.push(Severity::Error, line, column, ctx, msg.into());
    }
    pub fn warning(&mut self, line: usize, column: usize, ctx: Ctx, msg: impl Into<String>) {
        self.push(Severity::Warning, line, column, ctx, msg.into());
    }
}
