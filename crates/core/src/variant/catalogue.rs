//! The catalogue of variant definitions (`variants/NAME.txt`) and loading a variant from
//! a file or a catalogue name.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::limits::{self, LimitError};
use crate::variant::Variant;

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    NotFound(String),
    Io(PathBuf, std::io::Error),
    /// The file is larger than [`limits::MAX_DEFINITION_BYTES`](crate::limits::MAX_DEFINITION_BYTES).
    TooLarge(PathBuf, LimitError),
    /// Every problem found in the definition, one per line.
    Definition(String, Vec<String>),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotFound(n) => write!(
                f,
                "no variant '{n}': not a file, and not in the catalogue ({})",
                dir().display()
            ),
            LoadError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            LoadError::TooLarge(p, e) => write!(f, "{}: {e}", p.display()),
            LoadError::Definition(n, errs) => {
                write!(f, "{n}: {} error(s) in the definition", errs.len())?;
                for e in errs {
                    write!(f, "\n  {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// The games built in, by catalogue name: the orthodox one, which both engine protocols
/// start with (XBoard's `normal`, UCI's default `chess`), so an engine starts with any
/// catalogue folder, even one that holds only a designer's own definitions. A file of the
/// same name in the folder takes its place.
const BUILT_IN: [(&str, &str); 1] = [("chess", include_str!("../../../../variants/chess.txt"))];

/// The catalogue folder: `$FAIRYBOARD_VARIANTS`, else `./variants`, else the source tree's.
pub fn dir() -> PathBuf {
    if let Some(d) = std::env::var_os("FAIRYBOARD_VARIANTS") {
        return PathBuf::from(d);
    }
    let local = PathBuf::from("variants");
    if local.is_dir() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants")
}

/// A catalogue name is lower-case letters, digits, `-` and `_` only, so it can never
/// name a path outside the catalogue.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// Every catalogue name, sorted: the folder's and the built-in games ([`BUILT_IN`]).
pub fn names() -> Vec<String> {
    let mut names = names_in(&dir());
    names.extend(BUILT_IN.iter().map(|(n, _)| n.to_string()));
    names.sort();
    names.dedup();
    names
}

/// Every catalogue name in the folder `dir` (its `NAME.txt` files with valid names), sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            (p.extension()? == "txt").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .filter(|n| is_valid_name(n))
        .collect();
    out.sort();
    out
}

/// The text of the catalogue entry `name` in the folder `dir`, and nothing else: unlike
/// [`read`], a name is never taken as a file path, so a server can resolve the names in its
/// URLs without reaching files outside the catalogue (a `config` or `chess` file next to it).
pub fn read_entry(dir: &Path, name: &str) -> Result<String, LoadError> {
    if !is_valid_name(name) {
        return Err(LoadError::NotFound(name.to_string()));
    }
    let path = dir.join(format!("{name}.txt"));
    if !path.is_file() {
        return Err(LoadError::NotFound(name.to_string()));
    }
    read_bounded(&path)
}

/// A definition file's text, refused unread when it is over the size bound.
fn read_bounded(path: &Path) -> Result<String, LoadError> {
    // Measured before reading, so a huge file is never read into memory.
    let bytes = std::fs::metadata(path)
        .map_err(|e| LoadError::Io(path.to_path_buf(), e))?
        .len();
    limits::definition_size(bytes).map_err(|e| LoadError::TooLarge(path.to_path_buf(), e))?;
    std::fs::read_to_string(path).map_err(|e| LoadError::Io(path.to_path_buf(), e))
}

/// The text of a catalogue entry or definition file (for the command line: a name that is
/// an existing file is read as that file).
pub fn read(name_or_path: &str) -> Result<(String, String), LoadError> {
    let path = Path::new(name_or_path);
    let (name, path) = if path.is_file() {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("variant")
            .to_string();
        (stem, path.to_path_buf())
    } else if is_valid_name(name_or_path) {
        let p = dir().join(format!("{name_or_path}.txt"));
        if !p.is_file() {
            return match BUILT_IN.iter().find(|(n, _)| *n == name_or_path) {
                Some((n, text)) => Ok((n.to_string(), text.to_string())),
                None => Err(LoadError::NotFound(name_or_path.to_string())),
            };
        }
        (name_or_path.to_string(), p)
    } else {
        return Err(LoadError::NotFound(name_or_path.to_string()));
    };
    Ok((name, read_bounded(&path)?))
}

/// Load and compile a variant from a file or catalogue name.
pub fn load(name_or_path: &str) -> Result<Arc<Variant>, LoadError> {
    let (name, text) = read(name_or_path)?;
    let (variant, _warnings) = Variant::from_definition(&name, &text).map_err(|errs| {
        LoadError::Definition(name.clone(), errs.iter().map(|e| e.to_string()).collect())
    })?;
    Ok(Arc::new(variant))
}
