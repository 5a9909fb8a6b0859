//! Board coordinates as the user sees them: files `a`.. from White's left, ranks `1`.. from
//! White's side.
//!
//! ```
//! use idiagram::coord::Coord;
//! let c: Coord = "b10".parse().unwrap();
//! assert_eq!((c.file, c.rank), (1, 9));
//! assert_eq!(c.to_string(), "b10");
//! ```

use std::fmt;
use std::str::FromStr;

/// The largest board side fairyboard supports. Raising it is the only change needed for
/// larger boards (files are named `a`..`z`, so 26 is the hard ceiling of the notation).
pub const MAX_SIDE: u8 = 24;

/// A square by zero-based file and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }

    /// The square's shade: dark like a1 (`true`) or light. Colour-bound pieces, the
    /// conversion rule and `!` shuffles all ask this.
    pub const fn is_dark(self) -> bool {
        (self.file + self.rank).is_multiple_of(2)
    }

    /// Whether the square lies on a board of `files` x `ranks`.
    pub const fn on_board(self, files: u8, ranks: u8) -> bool {
        self.file < files && self.rank < ranks
    }

    /// The vertically mirrored square (same file, rank `ranks+1-r` in 1-based terms).
    /// Only meaningful for squares on the board; off-board input saturates instead of panicking.
    pub const fn mirrored(self, ranks: u8) -> Coord {
        Coord::new(self.file, ranks.saturating_sub(1).saturating_sub(self.rank))
    }

    /// The point-reflected square (file `files+1-f`, rank `ranks+1-r` in 1-based terms).
    /// Only meaningful for squares on the board; off-board input saturates instead of panicking.
    pub const fn rotated(self, files: u8, ranks: u8) -> Coord {
        Coord::new(
            files.saturating_sub(1).saturating_sub(self.file),
            ranks.saturating_sub(1).saturating_sub(self.rank),
        )
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// Why a square name did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordError {
    Empty,
    BadFile(char),
    MissingRank,
    BadRank(String),
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::Empty => write!(f, "empty square name"),
            CoordError::BadFile(c) => write!(f, "'{c}' is not a file letter (a-z)"),
            CoordError::MissingRank => write!(f, "square name has no rank number"),
            CoordError::BadRank(r) => write!(f, "'{r}' is not a rank number (1-{MAX_SIDE})"),
        }
    }
}

impl std::error::Error for CoordError {}

impl FromStr for Coord {
    type Err = CoordError;
    fn from_str(s: &str) -> Result<Coord, CoordError> {
        let mut chars = s.chars();
        let f = chars.next().ok_or(CoordError::Empty)?;
        if !f.is_ascii_lowercase() {
            return Err(CoordError::BadFile(f));
        }
        let rest = chars.as_str();
        if rest.is_empty() {
            return Err(CoordError::MissingRank);
        }
        if !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2 || rest.starts_with('0') {
            return Err(CoordError::BadRank(rest.to_string()));
        }
        let r: u8 = rest
            .parse()
            .map_err(|_| CoordError::BadRank(rest.to_string()))?;
        if r == 0 || r > MAX_SIDE {
            return Err(CoordError::BadRank(rest.to_string()));
        }
        Ok(Coord::new(f as u8 - b'a', r - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        assert_eq!("a1".parse::<Coord>(), Ok(Coord::new(0, 0)));
        assert_eq!("x24".parse::<Coord>(), Ok(Coord::new(23, 23)));
        assert_eq!(Coord::new(7, 9).to_string(), "h10");
        assert_eq!("A1".parse::<Coord>(), Err(CoordError::BadFile('A')));
        assert_eq!("a".parse::<Coord>(), Err(CoordError::MissingRank));
        assert!("a0".parse::<Coord>().is_err());
        assert!("a25".parse::<Coord>().is_err());
        assert!("a01".parse::<Coord>().is_err());
        assert!("a1x".parse::<Coord>().is_err());
    }

    #[test]
    fn reflections() {
        let e2 = Coord::new(4, 1);
        assert_eq!(e2.mirrored(8).to_string(), "e7");
        assert_eq!(e2.rotated(8, 8).to_string(), "d7");
        assert_eq!(Coord::new(0, 0).rotated(9, 10).to_string(), "i10");
        assert!(e2.on_board(5, 2));
        assert!(!e2.on_board(4, 8));
        // Off-board input never panics.
        assert_eq!(Coord::new(30, 30).rotated(8, 8), Coord::new(0, 0));
    }
}
