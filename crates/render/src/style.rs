//! How a diagram is drawn: sizes, colours, orientation and what is painted over the board
//! (highlights, arrows, marks), and the query-string form of all of it used by `/d?ff=…`.
//!
//! Query parameters ([`DiagramQuery::parse`]), in the spirit of janko.at's `d.php?ff=`:
//!
//! | name | value | default |
//! |---|---|---|
//! | `ff` | the Fairy-FEN | (required by `/d`) |
//! | `fmt` | `png` or `svg` | `png` |
//! | `size` | square size in pixels, 8–256 | 40 |
//! | `light`, `dark` | square colours, `rrggbb` or `#rrggbb` | `f0d9b5`, `b58863` |
//! | `coords` | `1` draws file letters and rank numbers | `0` |
//! | `flip` | `1` draws the board from Black's side (a1 top right) | `0` |
//! | `border` | frame width in pixels, 0–32 | 0 |
//! | `hl` | highlighted squares: `e4,d5:ff0000` (colour optional) | none |
//! | `arrows` | `e2e4,g1f3:0000ff` | none |
//! | `marks` | `e4:dot:ffd700,f5:ring:ff8000` (shape names in [`MarkShape`]) | none |
//!
//! ```
//! use fairyboard_render::style::{DiagramQuery, Format, MarkShape};
//! let q = DiagramQuery::parse("ff=8/8/8/8/4P3/8/8/8&size=30&fmt=svg&flip=1&marks=e5:dot:ffff00").unwrap();
//! assert_eq!(q.ffen.as_deref(), Some("8/8/8/8/4P3/8/8/8"));
//! assert_eq!((q.format, q.style.square_px, q.style.flipped), (Format::Svg, 30, true));
//! assert_eq!(q.style.marks[0].shape, MarkShape::Dot);
//! assert!(DiagramQuery::parse("size=100000").is_err());
//! ```

use std::fmt;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// XBoard's move-symbol colours (the rules pages' "moves at a glance").
    pub const SLIDE: Rgb = Rgb(0xff, 0xff, 0x00);
    pub const LEAP: Rgb = Rgb(0xff, 0x80, 0x00);
    pub const MOVE_ONLY: Rgb = Rgb(0x00, 0xc0, 0x00);
    pub const CAPTURE_ONLY: Rgb = Rgb(0xff, 0x00, 0x00);
    pub const FIRST_LEG: Rgb = Rgb(0x00, 0xff, 0xff);
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);

    /// `rrggbb` or `#rrggbb` (also `rgb`/`#rgb`).
    pub fn parse(s: &str) -> Option<Rgb> {
        let h = s.strip_prefix('#').unwrap_or(s);
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let v = |i: usize, n: usize| u8::from_str_radix(&h[i..i + n], 16).ok();
        match h.len() {
            6 => Some(Rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
            3 => Some(Rgb(v(0, 1)? * 17, v(1, 1)? * 17, v(2, 1)? * 17)),
            _ => None,
        }
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A square by zero-based file and rank (rank 0 at White's side). Boards may be larger
/// than a game's (up to 64×64), so this is not `Coord`, whose names stop at rank 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sq {
    pub file: usize,
    pub rank: usize,
}

impl Sq {
    pub fn new(file: usize, rank: usize) -> Sq {
        Sq { file, rank }
    }

    /// `e4`, `a10`, `z26`: a file letter and a rank number 1–64.
    pub fn parse(s: &str) -> Option<Sq> {
        let mut chars = s.chars();
        let f = chars.next()?;
        let rank: usize = chars.as_str().parse().ok()?;
        if !f.is_ascii_lowercase()
            || !(1..=crate::ffen::MAX_SIDE).contains(&rank)
            || chars.as_str().starts_with('0')
        {
            return None;
        }
        Some(Sq::new((f as u8 - b'a') as usize, rank - 1))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = u8::try_from(self.file)
            .ok()
            .filter(|f| *f < 26)
            .map_or('?', |f| (b'a' + f) as char);
        write!(f, "{file}{}", self.rank + 1)
    }
}

/// A square painted in a colour (under the pieces, half transparent).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Highlight {
    pub square: Sq,
    pub color: Rgb,
}

/// An arrow from the centre of one square to another (over the pieces).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: Sq,
    pub to: Sq,
    pub color: Rgb,
}

/// Shapes for per-square symbols. The rules pages use them for XBoard's "moves at a
/// glance" (colour = kind of move, shape = which leg/hop); nothing here knows that meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkShape {
    /// Filled circle.
    Dot,
    /// Hollow circle.
    Ring,
    /// Filled square.
    Block,
    /// Hollow square.
    Frame,
    /// Diagonal cross.
    Cross,
    /// Filled triangle, point up.
    Triangle,
    /// Filled diamond.
    Diamond,
    /// Small filled circle (e.g. a hop's screen).
    SmallDot,
    /// Filled triangle, point down.
    TriangleDown,
    /// Hollow triangle, point up.
    TriangleHollow,
    /// Six-armed asterisk.
    Star,
    /// Upright cross (plus sign).
    Plus,
    /// A small tower with battlements.
    Tower,
    /// Thick horizontal bar.
    Bar,
    /// Diagonal hatching over the whole square.
    Hatch,
    /// Four corner brackets inside the square's edge.
    Corners,
}

impl MarkShape {
    pub const ALL: [MarkShape; 16] = [
        MarkShape::Dot,
        MarkShape::Ring,
        MarkShape::Block,
        MarkShape::Frame,
        MarkShape::Cross,
        MarkShape::Triangle,
        MarkShape::Diamond,
        MarkShape::SmallDot,
        MarkShape::TriangleDown,
        MarkShape::TriangleHollow,
        MarkShape::Star,
        MarkShape::Plus,
        MarkShape::Tower,
        MarkShape::Bar,
        MarkShape::Hatch,
        MarkShape::Corners,
    ];

    /// The query-string name (`dot`, `ring`, `block`, `frame`, `cross`, `triangle`, `diamond`,
    /// `smalldot`, `triangledown`, `trianglehollow`, `star`, `plus`, `tower`, `bar`, `hatch`,
    /// `corners`).
    pub fn name(self) -> &'static str {
        match self {
            MarkShape::Dot => "dot",
            MarkShape::Ring => "ring",
            MarkShape::Block => "block",
            MarkShape::Frame => "frame",
            MarkShape::Cross => "cross",
            MarkShape::Triangle => "triangle",
            MarkShape::Diamond => "diamond",
            MarkShape::SmallDot => "smalldot",
            MarkShape::TriangleDown => "triangledown",
            MarkShape::TriangleHollow => "trianglehollow",
            MarkShape::Star => "star",
            MarkShape::Plus => "plus",
            MarkShape::Tower => "tower",
            MarkShape::Bar => "bar",
            MarkShape::Hatch => "hatch",
            MarkShape::Corners => "corners",
        }
    }

    pub fn parse(s: &str) -> Option<MarkShape> {
        MarkShape::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// A symbol on a square, over the pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub square: Sq,
    pub shape: MarkShape,
    pub color: Rgb,
}

/// Everything about the look of a diagram. `Style::default()` is a 40-pixel board in the
/// usual brown shades, White at the bottom, no coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Side of a square in pixels (8–256).
    pub square_px: u32,
    pub light: Rgb,
    pub dark: Rgb,
    /// File letters under the board and rank numbers left of it.
    pub coordinates: bool,
    /// Seen from Black's side: a1 at the top right.
    pub flipped: bool,
    /// Width of a frame around the board, in pixels (0: none).
    pub border: u32,
    pub border_color: Rgb,
    pub highlights: Vec<Highlight>,
    pub arrows: Vec<Arrow>,
    pub marks: Vec<Mark>,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            square_px: 40,
            light: Rgb(0xf0, 0xd9, 0xb5),
            dark: Rgb(0xb5, 0x88, 0x63),
            coordinates: false,
            flipped: false,
            border: 0,
            border_color: Rgb(0x40, 0x40, 0x40),
            highlights: Vec::new(),
            arrows: Vec::new(),
            marks: Vec::new(),
        }
    }
}

/// Bounds on what a request may ask for, checked before any work is done.
pub const MIN_SQUARE_PX: u32 = 8;
pub const MAX_SQUARE_PX: u32 = 256;
pub const MAX_BORDER_PX: u32 = 32;
/// Most highlights/arrows/marks in one request.
pub const MAX_OVERLAYS: usize = 4096;
/// Longest query string accepted.
pub const MAX_QUERY_LEN: usize = 64 * 1024;

/// Image format of `/d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Png,
    Svg,
}

/// A bad query parameter: which one and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    pub parameter: String,
    pub message: String,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "parameter '{}': {}", self.parameter, self.message)
    }
}

impl std::error::Error for QueryError {}

/// A `/d` request: the Fairy-FEN, the format and the style.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramQuery {
    pub ffen: Option<String>,
    pub format: Format,
    pub style: Style,
}

fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

impl DiagramQuery {
    /// Parse a raw query string (`a=1&b=2`, percent-encoded).
    pub fn parse(query: &str) -> Result<DiagramQuery, QueryError> {
        if query.len() > MAX_QUERY_LEN {
            return Err(QueryError {
                parameter: "(query)".into(),
                message: format!("longer than {MAX_QUERY_LEN} bytes"),
            });
        }
        let mut pairs = Vec::new();
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let bad = |what: &str| QueryError {
                parameter: k.to_string(),
                message: format!("bad percent-encoding in the {what}"),
            };
            pairs.push((
                percent_decode(k).ok_or_else(|| bad("name"))?,
                percent_decode(v).ok_or_else(|| bad("value"))?,
            ));
        }
        DiagramQuery::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    /// Build from already-decoded pairs (what a web framework hands over). Unknown names
    /// are ignored so links may carry extra parameters; a later duplicate wins.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<DiagramQuery, QueryError> {
        let mut q = DiagramQuery {
            ffen: None,
            format: Format::Png,
            style: Style::default(),
        };
        for (k, v) in pairs {
            let bad = |message: String| QueryError {
                parameter: k.to_string(),
                message,
            };
            let flag = |v: &str| match v {
                "1" | "true" | "yes" | "on" | "" => Ok(true),
                "0" | "false" | "no" | "off" => Ok(false),
                _ => Err(bad(format!("'{v}' is not 0 or 1"))),
            };
            let colour = |v: &str| {
                Rgb::parse(v).ok_or_else(|| bad(format!("'{v}' is not a colour (rrggbb)")))
            };
            let number = |v: &str, lo: u32, hi: u32| match v.parse::<u32>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(bad(format!(
                    "'{}' is not a number from {lo} to {hi}",
                    clip(v)
                ))),
            };
            match k {
                "ff" => q.ffen = Some(v.to_string()),
                "fmt" => {
                    q.format = match v {
                        "png" => Format::Png,
                        "svg" => Format::Svg,
                        _ => return Err(bad(format!("'{}' is not png or svg", clip(v)))),
                    }
                }
                "size" => q.style.square_px = number(v, MIN_SQUARE_PX, MAX_SQUARE_PX)?,
                "border" => q.style.border = number(v, 0, MAX_BORDER_PX)?,
                "light" => q.style.light = colour(v)?,
                "dark" => q.style.dark = colour(v)?,
                "coords" => q.style.coordinates = flag(v)?,
                "flip" => q.style.flipped = flag(v)?,
                "hl" => q.style.highlights = parse_highlights(v).map_err(bad)?,
                "arrows" => q.style.arrows = parse_arrows(v).map_err(bad)?,
                "marks" => q.style.marks = parse_marks(v).map_err(bad)?,
                _ => {}
            }
        }
        Ok(q)
    }
}

/// At most 40 characters of a value, for messages.
fn clip(v: &str) -> String {
    v.chars().take(40).collect()
}

fn list(v: &str) -> Result<Vec<&str>, String> {
    let items: Vec<&str> = v
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if items.len() > MAX_OVERLAYS {
        return Err(format!("more than {MAX_OVERLAYS} entries"));
    }
    Ok(items)
}

fn square(s: &str) -> Result<Sq, String> {
    Sq::parse(s).ok_or_else(|| format!("'{}' is not a square (a1 … z64)", clip(s)))
}

fn opt_colour(s: Option<&str>, default: Rgb) -> Result<Rgb, String> {
    match s {
        None => Ok(default),
        Some(c) => Rgb::parse(c).ok_or_else(|| format!("'{}' is not a colour (rrggbb)", clip(c))),
    }
}

/// `e4,d5:ff0000`: squares with an optional colour (default yellow-green).
pub fn parse_highlights(v: &str) -> Result<Vec<Highlight>, String> {
    list(v)?
        .into_iter()
        .map(|item| {
            let mut parts = item.split(':');
            let sq = square(parts.next().unwrap_or(""))?;
            let color = opt_colour(parts.next(), Rgb(0x9b, 0xc7, 0x00))?;
            Ok(Highlight { square: sq, color })
        })
        .collect()
}

/// `e2e4,g1f3:0000ff`: from-to pairs with an optional colour (default green).
pub fn parse_arrows(v: &str) -> Result<Vec<Arrow>, String> {
    list(v)?
        .into_iter()
        .map(|item| {
            let mut parts = item.split(':');
            let squares = parts.next().unwrap_or("");
            // Split where the second square's letter starts.
            let cut = squares
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_lowercase())
                .map(|(i, _)| i)
                .ok_or_else(|| format!("'{}' is not two squares (e2e4)", clip(squares)))?;
            let (a, b) = squares.split_at(cut);
            let color = opt_colour(parts.next(), Rgb(0x15, 0x78, 0x1b))?;
            Ok(Arrow {
                from: square(a)?,
                to: square(b)?,
                color,
            })
        })
        .collect()
}

/// `e4:dot:ffd700`: square, shape and colour (colour optional, black by default).
pub fn parse_marks(v: &str) -> Result<Vec<Mark>, String> {
    list(v)?
        .into_iter()
        .map(|item| {
            let mut parts = item.split(':');
            let sq = square(parts.next().unwrap_or(""))?;
            let shape_name = parts.next().unwrap_or("dot");
            let shape = MarkShape::parse(shape_name).ok_or_else(|| {
                format!(
                    "'{}' is not a mark shape ({})",
                    clip(shape_name),
                    MarkShape::ALL.map(MarkShape::name).join(", ")
                )
            })?;
            let color = opt_colour(parts.next(), Rgb::BLACK)?;
            Ok(Mark {
                square: sq,
                shape,
                color,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_squares() {
        assert_eq!(Rgb::parse("#ff8000"), Some(Rgb(255, 128, 0)));
        assert_eq!(Rgb::parse("0f0"), Some(Rgb(0, 255, 0)));
        assert_eq!(Rgb::parse("#ggg"), None);
        assert_eq!(Rgb(255, 128, 0).to_string(), "#ff8000");
        assert_eq!(Sq::parse("a1"), Some(Sq::new(0, 0)));
        assert_eq!(Sq::parse("z26"), Some(Sq::new(25, 25)));
        assert_eq!(Sq::parse("e04"), None);
        assert_eq!(Sq::parse("E4"), None);
        assert_eq!(Sq::parse("a65"), None);
    }

    #[test]
    fn query_errors_name_the_parameter() {
        let e = DiagramQuery::parse("ff=8/8&size=7").unwrap_err();
        assert_eq!(e.parameter, "size");
        let e = DiagramQuery::parse("hl=e4,zz").unwrap_err();
        assert_eq!(e.parameter, "hl");
        assert!(e.message.contains("'zz'"));
        let e = DiagramQuery::parse("marks=e4:blob").unwrap_err();
        assert!(e.message.contains("blob"));
        assert!(DiagramQuery::parse("ff=%zz").is_err());
        assert!(DiagramQuery::parse(&"x".repeat(MAX_QUERY_LEN + 1)).is_err());
    }

    #[test]
    fn query_fields() {
        let q = DiagramQuery::parse(
            "ff=k7%2F8&light=ffffff&dark=%23000000&coords=1&border=3&hl=e4:ff0000,d5&arrows=e2e4,a1h8:0000ff",
        )
        .unwrap();
        assert_eq!(q.ffen.as_deref(), Some("k7/8"));
        assert_eq!(q.style.light, Rgb::WHITE);
        assert_eq!(q.style.dark, Rgb::BLACK);
        assert!(q.style.coordinates);
        assert_eq!(q.style.border, 3);
        assert_eq!(q.style.highlights.len(), 2);
        assert_eq!(q.style.highlights[0].color, Rgb(255, 0, 0));
        assert_eq!(q.style.arrows[1].from, Sq::new(0, 0));
        assert_eq!(q.style.arrows[1].to, Sq::new(7, 7));
        assert_eq!(q.format, Format::Png);
        let q = DiagramQuery::parse("arrows=a10b12").unwrap();
        assert_eq!(
            (q.style.arrows[0].from, q.style.arrows[0].to),
            (Sq::new(0, 9), Sq::new(1, 11))
        );
    }
}
