//! Drawing a [`Diagram`] in a [`Style`]: SVG text, and PNG through resvg.
//!
//! The SVG is built so that each kind of figure is defined once, as a `<symbol>` in
//! `<defs>`, and placed with one `<use>` per square: a full 8×8 start position stays a few
//! kilobytes of piece art plus one short line per piece. The PNG is the same picture,
//! rasterised by resvg in three layers: the board (squares, frame, highlights, coordinates;
//! cached per style), each figure from a cached sprite of its `<use>` (squares sit on whole
//! pixels, so a sprite is exactly what the `<use>` draws), then marks and arrows. A test
//! checks the pixels against resvg's rendering of the whole SVG. Caches have byte budgets.
//!
//! Layout (pixels): an optional coordinate margin of half a square at the left and bottom,
//! then the border (if any) around the squares. Square (file, rank) has its top-left corner
//! at `(margin + border + col·s, hand + border + row·s)` with `col = file`,
//! `row = ranks−1−rank` (flipped: `col = files−1−file`, `row = rank`). A square is dark when
//! file + rank is even (a1 is dark).
//!
//! Hands (a diagram with [`Diagram::hands`]): a strip of `rows·s` pixels (`hand` above) is
//! added above the picture for Black's hand and below it for White's (flipped: White's
//! above), so the image is `2·rows·s` taller; `rows` is the larger number of kinds either
//! side holds divided by the files, rounded up, at least 1 (one row of an 8×8 board has
//! room for 8 kinds). Each held kind takes one square-sized cell from the left edge of the
//! squares: the piece upright, its count in a badge at the cell's lower right corner.
//!
//! ```
//! use fairyboard_render::{render, Diagram, Style};
//! let d = Diagram::parse_ffen("4k3/8/8/8/8/8/8/4K3").unwrap();
//! let svg = render::svg(&d, &Style::default());
//! assert_eq!(svg.matches("<use ").count(), 2);
//! let png = render::png(&d, &Style { square_px: 10, ..Style::default() }).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::{Arc, Mutex, OnceLock};

use crate::art::{self, Art};
use crate::ffen::{Diagram, Figure, Item, MarkerShape, Side, SquareContent};
use crate::glyphs::{self, fmt as n};
use crate::style::{MarkShape, Rgb, Style, MAX_SQUARE_PX, MIN_SQUARE_PX};

/// Largest PNG side in pixels (a 64×64 board of 128-pixel squares is 8192 + margins).
pub const MAX_IMAGE_SIDE: u32 = 8800;
/// Largest PNG in pixels; bounds the memory of one render to about 100 MB.
pub const MAX_IMAGE_PIXELS: u64 = 25_000_000;

/// Why a PNG could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The picture would be larger than [`MAX_IMAGE_SIDE`] / [`MAX_IMAGE_PIXELS`].
    TooLarge { width: u32, height: u32 },
    /// A board with no squares.
    EmptyBoard,
    /// The rasteriser refused our SVG (a bug: our SVG is generated).
    Rasterise(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::TooLarge { width, height } => write!(
                f,
                "image of {width}×{height} pixels is too large (at most {MAX_IMAGE_SIDE} per side, {MAX_IMAGE_PIXELS} pixels)"
            ),
            RenderError::EmptyBoard => write!(f, "the board has no squares"),
            RenderError::Rasterise(e) => write!(f, "rasterising failed: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Pixel geometry of a diagram in a style.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    /// Side of a square.
    pub square: f64,
    /// Top-left corner of the squares.
    pub board_x: f64,
    pub board_y: f64,
    /// Height of each hand strip (0 when the diagram has no hands).
    pub hand_strip: f64,
    /// Frame width.
    border: f64,
    files: usize,
    ranks: usize,
    flipped: bool,
}

impl Layout {
    pub fn new(d: &Diagram, style: &Style) -> Layout {
        let s = style.square_px.clamp(MIN_SQUARE_PX, MAX_SQUARE_PX);
        let margin = if style.coordinates { s / 2 } else { 0 };
        let b = style.border.min(crate::style::MAX_BORDER_PX);
        let hand_rows = d.hands.as_ref().map_or(0, |h| {
            (h.white.len().max(h.black.len()) as u64)
                .div_ceil(d.files.max(1) as u64)
                .max(1)
        });
        let strip = hand_rows.saturating_mul(s as u64);
        let width = margin as u64 + 2 * b as u64 + d.files as u64 * s as u64;
        let height = (margin as u64 + 2 * b as u64 + d.ranks as u64 * s as u64)
            .saturating_add(strip.saturating_mul(2));
        Layout {
            width: width.min(u32::MAX as u64) as u32,
            height: height.min(u32::MAX as u64) as u32,
            square: s as f64,
            board_x: (margin + b) as f64,
            board_y: b as f64 + strip as f64,
            hand_strip: strip as f64,
            border: b as f64,
            files: d.files,
            ranks: d.ranks,
            flipped: style.flipped,
        }
    }

    /// Top-left corner of a square.
    pub fn square_origin(&self, file: usize, rank: usize) -> (f64, f64) {
        let (col, row) = if self.flipped {
            (self.files.saturating_sub(1 + file), rank)
        } else {
            (file, self.ranks.saturating_sub(1 + rank))
        };
        (
            self.board_x + col as f64 * self.square,
            self.board_y + row as f64 * self.square,
        )
    }

    /// Top-left corner of the cell of the `index`-th kind a side holds: Black's hand is
    /// above the board and White's below (the other way round when flipped).
    pub fn hand_cell(&self, side: Side, index: usize) -> (f64, f64) {
        let top = (side == Side::Black) != self.flipped;
        let y0 = if top {
            0.0
        } else {
            self.height as f64 - self.hand_strip
        };
        let per_row = self.files.max(1);
        (
            self.board_x + (index % per_row) as f64 * self.square,
            y0 + (index / per_row) as f64 * self.square,
        )
    }

    /// Centre of a square.
    pub fn square_centre(&self, file: usize, rank: usize) -> (f64, f64) {
        let (x, y) = self.square_origin(file, rank);
        (x + self.square / 2.0, y + self.square / 2.0)
    }
}

/// Symbols of one document, keyed by what they draw, defined on first use.
#[derive(Default)]
struct Symbols {
    ids: HashMap<String, String>,
    defs: String,
    neutral_clips: bool,
}

/// Stroke of white figures' outlines and discs, in a 100-unit symbol.
const OUTLINE: &str = "stroke=\"#000\" stroke-width=\"4\" stroke-linejoin=\"round\"";

impl Symbols {
    fn define(&mut self, key: String, view_box: &str, body: impl FnOnce(&str) -> String) -> String {
        if let Some(id) = self.ids.get(&key) {
            return id.clone();
        }
        let id = format!("s{}", self.ids.len());
        let inner = body(&format!("{id}-"));
        let _ = write!(
            self.defs,
            "<symbol id=\"{id}\" viewBox=\"{view_box}\">{inner}</symbol>"
        );
        self.ids.insert(key, id.clone());
        id
    }

    /// The symbol of a figure for White or Black (neutral is composed of both).
    fn plain(&mut self, figure: &Figure, black: bool, variant: Option<&str>) -> String {
        let (fg, bg) = if black {
            ("#000", "#fff")
        } else {
            ("#fff", "#000")
        };
        match figure {
            Figure::Piece(p) => match art::resolve(&p.name, &p.id, &p.image, variant) {
                Art::Svg { white, black: b } => {
                    let path = if black { b } else { white };
                    match art::symbol(path) {
                        Some(sym) => self.define(format!("art:{path}"), &sym.view_box, |prefix| {
                            sym.body(prefix)
                        }),
                        None => self.disc(fairyboard_art::disc_letter(&p.name, &p.id), black),
                    }
                }
                Art::Disc(letter) => self.disc(letter, black),
            },
            Figure::Marker(shape) => {
                let key = format!("marker:{shape:?}:{black}");
                self.define(key, "0 0 100 100", |_| match shape {
                    MarkerShape::Circle => format!("<circle cx=\"50\" cy=\"50\" r=\"30\" fill=\"{fg}\" {OUTLINE}/>"),
                    MarkerShape::Square => format!("<rect x=\"22\" y=\"22\" width=\"56\" height=\"56\" fill=\"{fg}\" {OUTLINE}/>"),
                    MarkerShape::Triangle => {
                        format!("<path d=\"M50 18L83 76H17Z\" fill=\"{fg}\" {OUTLINE}/>")
                    }
                    MarkerShape::Cross => {
                        // An outlined cross: the outline drawn wide in black, the body over it.
                        let d = "M25 25L75 75M75 25L25 75";
                        format!(
                            "<path d=\"{d}\" stroke=\"#000\" stroke-width=\"18\" stroke-linecap=\"round\"/><path d=\"{d}\" stroke=\"{fg}\" stroke-width=\"10\" stroke-linecap=\"round\"/>"
                        )
                    }
                })
            }
            Figure::Letter(c) => {
                let key = format!("letter:{c}");
                let c = *c;
                self.define(key, "0 0 100 100", |_| {
                    scaled_text(&c.to_string(), 56.0, bg == "#fff")
                })
            }
            Figure::Number(_) | Figure::TwoDigit(_) => {
                let text = match figure {
                    Figure::TwoDigit(v) => format!("{v:02}"),
                    Figure::Number(v) => v.to_string(),
                    _ => String::new(),
                };
                let key = format!("number:{text}");
                self.define(key, "0 0 100 100", |_| scaled_text(&text, 50.0, true))
            }
        }
    }

    fn disc(&mut self, letter: char, black: bool) -> String {
        let (fill, ink) = if black {
            ("#000", "#fff")
        } else {
            ("#fff", "#000")
        };
        self.define(format!("disc:{letter}:{black}"), "0 0 100 100", |_| {
            format!(
                "<circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"{fill}\" {OUTLINE}/>{}",
                glyphs::text_svg(&letter.to_string(), 50.0, 50.0, 40.0, ink)
                    .replace("stroke-width=\"1.1\"", "stroke-width=\"1.5\"")
            )
        })
    }

    /// The symbol for an item's figure and side.
    fn item(&mut self, item: &Item, variant: Option<&str>) -> String {
        match item.side {
            Side::White => self.plain(&item.figure, false, variant),
            Side::Black => self.plain(&item.figure, true, variant),
            Side::Neutral => {
                let w = self.plain(&item.figure, false, variant);
                let b = self.plain(&item.figure, true, variant);
                self.neutral_clips = true;
                self.define(format!("neutral:{w}:{b}"), "0 0 100 100", |_| {
                    format!(
                        "<use href=\"#{w}\" width=\"100\" height=\"100\" clip-path=\"url(#nl)\"/><use href=\"#{b}\" width=\"100\" height=\"100\" clip-path=\"url(#nr)\"/>"
                    )
                })
            }
        }
    }
}

/// Black text for letters and numbers in a 100-unit symbol, strokes thickened.
fn scaled_text(text: &str, height: f64, _black: bool) -> String {
    glyphs::text_svg(text, 50.0, 50.0, height, "#000")
        .replace("stroke-width=\"1.1\"", "stroke-width=\"1.3\"")
}

/// The layers of a drawing: under the figures (frame, squares, highlights, coordinates),
/// the figures, and over them (marks, arrows). The SVG stacks all three; the PNG draws the
/// figures from cached sprites between the other two.
struct Layers {
    layout: Layout,
    under: String,
    over: String,
}

fn layers(d: &Diagram, style: &Style) -> Layers {
    let l = Layout::new(d, style);
    let s = l.square;
    let mut body = String::new();

    // Hand strips.
    if l.hand_strip > 0.0 {
        for y in [0.0, l.height as f64 - l.hand_strip] {
            let _ = write!(
                body,
                "<rect class=\"hand\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{HAND_BACKGROUND}\"/>",
                n(y),
                l.width,
                n(l.hand_strip)
            );
        }
    }

    // Frame.
    if style.border > 0 {
        let b = l.border;
        let _ = write!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            n(l.board_x - b),
            n(l.board_y - b),
            n(d.files as f64 * s + 2.0 * b),
            n(d.ranks as f64 * s + 2.0 * b),
            style.border_color
        );
    }

    // Squares: light as one rectangle (or a path when holes must stay empty), dark as one path.
    let has_holes = d.squares.contains(&SquareContent::Hole);
    let mut light = String::new();
    let mut dark = String::new();
    for rank in 0..d.ranks {
        for file in 0..d.files {
            if d.get(file, rank) == Some(&SquareContent::Hole) {
                continue;
            }
            let (x, y) = l.square_origin(file, rank);
            let path = if (file + rank) % 2 == 0 {
                &mut dark
            } else {
                &mut light
            };
            let _ = write!(path, "M{} {}h{s}v{s}h-{s}z", n(x), n(y));
        }
    }
    if has_holes {
        let _ = write!(body, "<path fill=\"{}\" d=\"{light}\"/>", style.light);
    } else {
        let _ = write!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            n(l.board_x),
            n(l.board_y),
            n(d.files as f64 * s),
            n(d.ranks as f64 * s),
            style.light
        );
    }
    if !dark.is_empty() {
        let _ = write!(body, "<path fill=\"{}\" d=\"{dark}\"/>", style.dark);
    }

    // Highlights under the pieces.
    for h in &style.highlights {
        if h.square.file < d.files && h.square.rank < d.ranks {
            let (x, y) = l.square_origin(h.square.file, h.square.rank);
            let _ = write!(
                body,
                "<rect class=\"hl\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{}\" fill-opacity=\"0.6\"/>",
                n(x),
                n(y),
                h.color
            );
        }
    }

    // Coordinates.
    if style.coordinates {
        let h = (s * 0.28).max(5.0);
        let ink = "#444";
        let below = l.board_y + d.ranks as f64 * s + l.border + (s / 2.0) / 2.0;
        for file in 0..d.files {
            let (cx, _) = l.square_centre(file, 0);
            body.push_str(&glyphs::text_svg(&file_name(file), cx, below, h, ink));
        }
        for rank in 0..d.ranks {
            let (_, cy) = l.square_centre(0, rank);
            body.push_str(&glyphs::text_svg(
                &(rank + 1).to_string(),
                s / 4.0,
                cy,
                h,
                ink,
            ));
        }
    }

    let mut over = String::new();
    // Marks and arrows over everything.
    for m in &style.marks {
        if m.square.file < d.files && m.square.rank < d.ranks {
            let (cx, cy) = l.square_centre(m.square.file, m.square.rank);
            mark_svg(&mut over, m.shape, m.color, cx, cy, s);
        }
    }
    for a in &style.arrows {
        let on = |q: crate::style::Sq| q.file < d.files && q.rank < d.ranks;
        if on(a.from) && on(a.to) && a.from != a.to {
            let from = l.square_centre(a.from.file, a.from.rank);
            let to = l.square_centre(a.to.file, a.to.rank);
            arrow_svg(&mut over, from, to, a.color, s);
        }
    }
    // Counts of held pieces, over their pictures.
    if let Some(hands) = &d.hands {
        for side in [Side::White, Side::Black] {
            for (i, (piece, count)) in hands.of(side).iter().enumerate() {
                let (x, y) = l.hand_cell(side, i);
                count_badge(&mut over, side, piece, *count, x, y, s);
            }
        }
    }

    Layers {
        layout: l,
        under: body,
        over,
    }
}

/// Background of the hand strips: neutral grey, apart from both square colours.
const HAND_BACKGROUND: Rgb = Rgb(0xdd, 0xdd, 0xdd);

/// The count of a held kind: a white disc with the number in the lower right corner of
/// its cell, and a `<title>` saying it in words (the number itself is drawn as paths).
fn count_badge(
    out: &mut String,
    side: Side,
    piece: &crate::ffen::PieceRef,
    count: u32,
    x: f64,
    y: f64,
    s: f64,
) {
    let text = count.to_string();
    let h = s * 0.26;
    let r = (glyphs::width(&text) * h / 20.0 + h * 0.4).max(h * 0.8);
    let (cx, cy) = (x + s - r - 1.0, y + s - r - 1.0);
    let who = if side == Side::White {
        "White"
    } else {
        "Black"
    };
    let what = if piece.name.is_empty() {
        &piece.id
    } else {
        &piece.name
    };
    let _ = write!(
        out,
        "<g class=\"count\" data-count=\"{count}\"><title>{who} holds {count} {}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"{}\"/>{}</g>",
        xml_escape(what),
        n(cx),
        n(cy),
        n(r),
        n((s / 40.0).max(0.5)),
        glyphs::text_svg(&text, cx, cy, h, "#000")
    );
}

/// Text safe inside an XML element or attribute.
fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn svg_open(out: &mut String, width: u32, height: u32) {
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
}

const NEUTRAL_CLIPS: &str = "<clipPath id=\"nl\"><rect width=\"50\" height=\"100\"/></clipPath><clipPath id=\"nr\"><rect x=\"50\" width=\"50\" height=\"100\"/></clipPath>";

/// One `<use>` placing a figure's symbol at (x, y), turned about the square's centre.
fn place(out: &mut String, id: &str, x: f64, y: f64, s: f64, turns: u8) {
    let _ = write!(
        out,
        "<use href=\"#{id}\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"",
        n(x),
        n(y)
    );
    if !turns.is_multiple_of(4) {
        let _ = write!(
            out,
            " transform=\"rotate({} {} {})\"",
            90 * (turns % 4) as u32,
            n(x + s / 2.0),
            n(y + s / 2.0)
        );
    }
    out.push_str("/>");
}

/// The diagram as a standalone SVG document.
pub fn svg(d: &Diagram, style: &Style) -> String {
    let Layers {
        layout: l,
        under,
        over,
    } = layers(d, style);
    let mut syms = Symbols::default();
    let mut figures = String::new();
    for (x, y, item) in placed_figures(d, &l) {
        let id = syms.item(&item, d.variant.as_deref());
        place(&mut figures, &id, x, y, l.square, item.turns);
    }
    let mut out =
        String::with_capacity(under.len() + figures.len() + over.len() + syms.defs.len() + 400);
    svg_open(&mut out, l.width, l.height);
    if !syms.defs.is_empty() {
        out.push_str("<defs>");
        if syms.neutral_clips {
            out.push_str(NEUTRAL_CLIPS);
        }
        out.push_str(&syms.defs);
        out.push_str("</defs>");
    }
    out.push_str(&under);
    out.push_str(&figures);
    out.push_str(&over);
    out.push_str("</svg>\n");
    out
}

/// Every figure to draw with the top-left corner of its cell: the board's items, then the
/// held pieces (upright, in their side's colour) in the hand strips.
fn placed_figures<'a>(
    d: &'a Diagram,
    l: &'a Layout,
) -> impl Iterator<Item = (f64, f64, Cow<'a, Item>)> + 'a {
    let board = d.items().map(|(file, rank, item)| {
        let (x, y) = l.square_origin(file, rank);
        (x, y, Cow::Borrowed(item))
    });
    let held = d.hands.iter().flat_map(move |h| {
        [Side::White, Side::Black]
            .into_iter()
            .flat_map(move |side| {
                h.of(side).iter().enumerate().map(move |(i, (piece, _))| {
                    let (x, y) = l.hand_cell(side, i);
                    (x, y, Cow::Owned(Item::piece(piece.clone(), side)))
                })
            })
    });
    board.chain(held)
}

/// `a`…`z`, then `a1`-style names are impossible, so files past `z` get `?`.
fn file_name(file: usize) -> String {
    if file < 26 {
        ((b'a' + file as u8) as char).to_string()
    } else {
        "?".to_string()
    }
}

fn mark_svg(out: &mut String, shape: MarkShape, color: Rgb, cx: f64, cy: f64, s: f64) {
    let edge = n((s / 40.0).max(1.0));
    let filled = |out: &mut String, tag: String| {
        let _ = write!(
            out,
            "<{tag} fill=\"{color}\" stroke=\"#000\" stroke-width=\"{edge}\"/>"
        );
    };
    let class = shape.name();
    match shape {
        MarkShape::Dot | MarkShape::SmallDot => {
            let r = if shape == MarkShape::Dot {
                s * 0.22
            } else {
                s * 0.11
            };
            filled(
                out,
                format!(
                    "circle class=\"mk {class}\" cx=\"{}\" cy=\"{}\" r=\"{}\"",
                    n(cx),
                    n(cy),
                    n(r)
                ),
            );
        }
        MarkShape::Ring => {
            let _ = write!(
                out,
                "<circle class=\"mk {class}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\"/>",
                n(cx),
                n(cy),
                n(s * 0.3),
                n(s * 0.09)
            );
        }
        MarkShape::Block => {
            let h = s * 0.2;
            filled(
                out,
                format!(
                    "rect class=\"mk {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                    n(cx - h),
                    n(cy - h),
                    n(2.0 * h),
                    n(2.0 * h)
                ),
            );
        }
        MarkShape::Frame => {
            let h = s * 0.34;
            let _ = write!(
                out,
                "<rect class=\"mk {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\"/>",
                n(cx - h),
                n(cy - h),
                n(2.0 * h),
                n(2.0 * h),
                n(s * 0.09)
            );
        }
        MarkShape::Cross => {
            let h = s * 0.22;
            let _ = write!(
                out,
                "<path class=\"mk {class}\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                n(cx - h),
                n(cy - h),
                n(cx + h),
                n(cy + h),
                n(cx + h),
                n(cy - h),
                n(cx - h),
                n(cy + h),
                n(s * 0.1)
            );
        }
        MarkShape::Triangle => {
            let h = s * 0.25;
            filled(
                out,
                format!(
                    "path class=\"mk {class}\" d=\"M{} {}L{} {}H{}Z\"",
                    n(cx),
                    n(cy - h),
                    n(cx + h),
                    n(cy + h * 0.8),
                    n(cx - h)
                ),
            );
        }
        MarkShape::TriangleDown | MarkShape::TriangleHollow => {
            let h = s * 0.25;
            let (tip, base) = if shape == MarkShape::TriangleDown {
                (cy + h, cy - h * 0.8)
            } else {
                (cy - h, cy + h * 0.8)
            };
            let d = format!(
                "path class=\"mk {class}\" d=\"M{} {}L{} {}H{}Z\"",
                n(cx),
                n(tip),
                n(cx + h),
                n(base),
                n(cx - h)
            );
            if shape == MarkShape::TriangleDown {
                filled(out, d);
            } else {
                let _ = write!(
                    out,
                    "<{d} fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                    n(s * 0.08)
                );
            }
        }
        MarkShape::Star | MarkShape::Plus => {
            // A plus reaches out of the square's middle symbol, to be seen around it.
            let h = if shape == MarkShape::Plus {
                s * 0.4
            } else {
                s * 0.24
            };
            let arms: &[(f64, f64)] = if shape == MarkShape::Star {
                &[(0.0, 1.0), (0.866, 0.5), (0.866, -0.5)]
            } else {
                &[(0.0, 1.0), (1.0, 0.0)]
            };
            let mut d = String::new();
            for &(x, y) in arms {
                let _ = write!(
                    d,
                    "M{} {}L{} {}",
                    n(cx - x * h),
                    n(cy - y * h),
                    n(cx + x * h),
                    n(cy + y * h)
                );
            }
            let _ = write!(
                out,
                "<path class=\"mk {class}\" d=\"{d}\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                n(s * 0.09)
            );
        }
        MarkShape::Tower => {
            // Body with three merlons on top.
            let (w, h) = (s * 0.2, s * 0.22);
            let (x0, x1, top, bottom) = (cx - w, cx + w, cy - h, cy + h);
            let m = 2.0 * w / 5.0;
            let notch = s * 0.08;
            filled(
                out,
                format!(
                    "path class=\"mk {class}\" d=\"M{} {}V{}H{}V{}H{}V{}H{}V{}H{}V{}H{}V{}Z\"",
                    n(x0),
                    n(bottom),
                    n(top),
                    n(x0 + m),
                    n(top + notch),
                    n(x0 + 2.0 * m),
                    n(top),
                    n(x0 + 3.0 * m),
                    n(top + notch),
                    n(x0 + 4.0 * m),
                    n(top),
                    n(x1),
                    n(bottom)
                ),
            );
        }
        MarkShape::Bar => {
            let (w, h) = (s * 0.3, s * 0.08);
            filled(
                out,
                format!(
                    "rect class=\"mk {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                    n(cx - w),
                    n(cy - h),
                    n(2.0 * w),
                    n(2.0 * h)
                ),
            );
        }
        MarkShape::Hatch => {
            // Four diagonal strokes across the square (corner to corner and parallels).
            let h = s * 0.5;
            let mut d = String::new();
            for k in [-0.5, 0.0, 0.5] {
                let o = k * s;
                let (ax, ay) = (cx - h + o.max(0.0), cy + h + o.min(0.0));
                let (bx, by) = (cx + h + o.min(0.0), cy - h + o.max(0.0));
                let _ = write!(d, "M{} {}L{} {}", n(ax), n(ay), n(bx), n(by));
            }
            let _ = write!(
                out,
                "<path class=\"mk {class}\" d=\"{d}\" stroke=\"{color}\" stroke-width=\"{}\" opacity=\"0.6\"/>",
                n(s * 0.05)
            );
        }
        MarkShape::Corners => {
            let (h, l) = (s * 0.42, s * 0.16);
            let mut d = String::new();
            for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let (x, y) = (cx + sx * h, cy + sy * h);
                let _ = write!(
                    d,
                    "M{} {}L{} {}L{} {}",
                    n(x - sx * l),
                    n(y),
                    n(x),
                    n(y),
                    n(x),
                    n(y - sy * l)
                );
            }
            let _ = write!(
                out,
                "<path class=\"mk {class}\" d=\"{d}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\"/>",
                n(s * 0.08)
            );
        }
        MarkShape::Diamond => {
            let h = s * 0.25;
            filled(
                out,
                format!(
                    "path class=\"mk {class}\" d=\"M{} {}L{} {}L{} {}L{} {}Z\"",
                    n(cx),
                    n(cy - h),
                    n(cx + h),
                    n(cy),
                    n(cx),
                    n(cy + h),
                    n(cx - h),
                    n(cy)
                ),
            );
        }
    }
}

fn arrow_svg(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), color: Rgb, s: f64) {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let head = (s * 0.4).min(len * 0.6);
    let half = s * 0.22;
    let shaft = s * 0.14;
    // Shaft ends where the head begins; the head is a triangle ending at the centre of `to`.
    let (bx, by) = (x2 - ux * head, y2 - uy * head);
    let _ = write!(
        out,
        "<g class=\"arrow\" fill=\"{color}\" stroke=\"{color}\" opacity=\"0.8\"><path d=\"M{} {}L{} {}\" stroke-width=\"{}\" stroke-linecap=\"round\"/><path d=\"M{} {}L{} {}L{} {}Z\" stroke=\"none\"/></g>",
        n(x1),
        n(y1),
        n(bx),
        n(by),
        n(shaft),
        n(x2),
        n(y2),
        n(bx - uy * half),
        n(by + ux * half),
        n(bx + uy * half),
        n(by - ux * half)
    );
}

/// The diagram as PNG bytes: the picture of [`svg`], rasterised by resvg.
///
/// The common case (an opaque board, nothing drawn over the figures) is composed straight
/// into 8-bit RGB: a copy of the cached board, each figure's cached sprite blended onto its
/// square, then the PNG encoder. The result is exactly [`pixmap`]'s picture (source-over
/// onto an opaque pixel leaves it opaque, so no alpha is needed), without its full-size
/// RGBA buffer and conversion.
pub fn png(d: &Diagram, style: &Style) -> Result<Vec<u8>, RenderError> {
    let Layers {
        layout: l,
        under,
        over,
    } = checked_layers(d, style)?;
    let board = board(&under, &l)?;
    match (&board.rgb, over.is_empty()) {
        (Some(rgb), true) => with_scratch(rgb.len(), |img| {
            img.extend_from_slice(rgb);
            let size = l.square as u32;
            for (x, y, item) in placed_figures(d, &l) {
                let sp = sprite(&item, d.variant.as_deref(), size)?;
                place_rgb(img, l.width, &sp, x as u32, y as u32);
            }
            encode(img, l.width, l.height, png::ColorType::Rgb)
        }),
        _ => encode_png(&compose(d, &l, &board, &over)?),
    }
}

/// Largest composing buffer a thread keeps between images (a 1000×1000 RGB picture).
const SCRATCH_LIMIT: usize = 3_000_000;

/// Run `f` on an empty buffer: the calling thread's own, kept between calls, when `len`
/// is at most [`SCRATCH_LIMIT`]. A server thread drawing one diagram after another then
/// touches the same pages each time instead of having the allocator hand a fresh
/// third of a megabyte back to the kernel and fault it in again (which cost as much as
/// the PNG encoding).
fn with_scratch<R>(len: usize, f: impl FnOnce(&mut Vec<u8>) -> R) -> R {
    thread_local! {
        static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if len > SCRATCH_LIMIT {
        return f(&mut Vec::with_capacity(len));
    }
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            f(&mut buf)
        }
        Err(_) => f(&mut Vec::with_capacity(len)),
    })
}

/// PNG bytes of a pixmap: 8-bit RGB when every pixel is opaque, else RGBA (demultiplied,
/// as PNG stores straight alpha).
pub fn encode_png(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (pixmap.width(), pixmap.height());
    match opaque_rgb(pixmap) {
        Some(rgb) => encode(&rgb, w, h, png::ColorType::Rgb),
        None => {
            let mut rgba = vec![0; pixmap.data().len()];
            for (out, p) in rgba.chunks_exact_mut(4).zip(pixmap.pixels()) {
                let c = p.demultiply();
                out.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
            encode(&rgba, w, h, png::ColorType::Rgba)
        }
    }
}

/// The RGB bytes of a pixmap whose pixels are all opaque (premultiplied equals straight
/// colour then), or `None`.
fn opaque_rgb(pixmap: &resvg::tiny_skia::Pixmap) -> Option<Vec<u8>> {
    let data = pixmap.data();
    if !data.chunks_exact(4).all(|p| p[3] == 255) {
        return None;
    }
    let mut rgb = vec![0; data.len() / 4 * 3];
    for (out, p) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
        out.copy_from_slice(&p[..3]);
    }
    Some(rgb)
}

/// Raw 8-bit rows as PNG. A board is mostly flat colour, so the `Up` filter turns most
/// rows into zeros, and the `png` crate's fast level (fdeflate: zero runs and a fixed
/// Huffman code made for filtered images) compresses them at a small fraction of zlib's
/// cost; see BENCHMARKS.md "Diagram images".
fn encode(
    data: &[u8],
    width: u32,
    height: u32,
    color: png::ColorType,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(data.len() / 4);
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        enc.set_filter(png::FilterType::Up);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Rasterise(e.to_string()))?;
        w.write_image_data(data)
            .map_err(|e| RenderError::Rasterise(e.to_string()))?;
    }
    Ok(out)
}

/// Rasterise an SVG document onto `pixmap`.
fn rasterise(doc: &str, pixmap: &mut resvg::tiny_skia::Pixmap) -> Result<(), RenderError> {
    let tree = resvg::usvg::Tree::from_str(doc, &resvg::usvg::Options::default())
        .map_err(|e| RenderError::Rasterise(e.to_string()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

/// A cache with a byte budget: a server asked for many sizes, sets and styles starts
/// afresh when the budget is spent, so memory stays bounded whatever clients send.
struct Cache<K, V> {
    map: HashMap<K, (Arc<V>, usize)>,
    bytes: usize,
    budget: usize,
}

impl<K: std::hash::Hash + Eq, V> Cache<K, V> {
    fn new(budget: usize) -> Cache<K, V> {
        Cache {
            map: HashMap::new(),
            bytes: 0,
            budget,
        }
    }

    fn get<Q>(&self, key: &Q) -> Option<&(Arc<V>, usize)>
    where
        K: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        self.map.get(key)
    }

    fn insert(&mut self, key: K, value: Arc<V>, size: usize) {
        if size > self.budget / 8 {
            return; // not worth a large share of the budget
        }
        if self.bytes + size > self.budget {
            self.map.clear();
            self.bytes = 0;
        }
        self.bytes += size;
        if let Some((_, old)) = self.map.insert(key, (value, size)) {
            self.bytes -= old;
        }
    }
}

/// Byte budgets of the board and sprite caches.
const BOARD_BUDGET: usize = 32 << 20;
const SPRITE_BUDGET: usize = 32 << 20;

/// The layer under the figures, drawn: as a pixmap, and as RGB bytes when it is opaque
/// (no holes), ready for [`png`] to copy and draw on.
struct Board {
    pixmap: resvg::tiny_skia::Pixmap,
    rgb: Option<Vec<u8>>,
}

/// The board drawn from `under`, from the cache of boards by layer text (most requests
/// share a few board styles, and a copy is far cheaper than drawing the squares again).
/// The layer text fixes the size too, as its squares' coordinates do; it is checked anyway.
fn board(under: &str, l: &Layout) -> Result<Arc<Board>, RenderError> {
    static BOARDS: OnceLock<Mutex<Cache<String, Board>>> = OnceLock::new();
    let cache = BOARDS.get_or_init(|| Mutex::new(Cache::new(BOARD_BUDGET)));
    let cached = cache
        .lock()
        .ok()
        .and_then(|c| c.get(under).map(|(b, _)| b.clone()));
    if let Some(b) = cached {
        if b.pixmap.width() == l.width && b.pixmap.height() == l.height {
            return Ok(b);
        }
    }
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(l.width, l.height).ok_or(RenderError::EmptyBoard)?;
    let mut doc = String::with_capacity(under.len() + 120);
    svg_open(&mut doc, l.width, l.height);
    doc.push_str(under);
    doc.push_str("</svg>");
    rasterise(&doc, &mut pixmap)?;
    let rgb = opaque_rgb(&pixmap);
    let size = pixmap.data().len() + rgb.as_ref().map_or(0, Vec::len);
    let b = Arc::new(Board { pixmap, rgb });
    if let Ok(mut c) = cache.lock() {
        c.insert(under.to_string(), b.clone(), size);
    }
    Ok(b)
}

/// A sprite's key: the variant (its art set), the item and the size. Looked up by a hash
/// first so that finding a sprite allocates nothing; the stored key confirms the match.
type SpriteKey = (Option<String>, Item, u32);

fn sprite_hash(variant: Option<&str>, item: &Item, size: u32) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    variant.hash(&mut h);
    item.hash(&mut h);
    size.hash(&mut h);
    h.finish()
}

/// A figure's raster, and the same figure already blended onto the flat backgrounds it has
/// been drawn on (a board has two square colours and a hand strip): placing it on such a
/// square is then a copy of rows, not a blend per pixel.
struct Sprite {
    key: SpriteKey,
    pixmap: resvg::tiny_skia::Pixmap,
    tiles: Mutex<Vec<Tile>>,
}

/// A background colour and a sprite blended onto it, as RGB rows.
type Tile = ([u8; 3], Arc<Vec<u8>>);

/// Backgrounds a sprite keeps tiles for (counted in the sprite cache's budget).
const MAX_TILES: usize = 6;

impl Sprite {
    /// The sprite over an opaque `bg`, as RGB rows: exactly what [`blend_rgb`] makes of it on
    /// a square of that colour.
    fn tile(&self, bg: [u8; 3]) -> Arc<Vec<u8>> {
        if let Some(t) = self
            .tiles
            .lock()
            .ok()
            .and_then(|t| t.iter().find(|(c, _)| *c == bg).map(|(_, t)| t.clone()))
        {
            return t;
        }
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        let mut rgb = bg.repeat(w as usize * h as usize);
        blend_rgb(&mut rgb, w, &self.pixmap, 0, 0);
        let tile = Arc::new(rgb);
        if let Ok(mut t) = self.tiles.lock() {
            if t.len() < MAX_TILES {
                t.push((bg, tile.clone()));
            }
        }
        tile
    }
}

/// The sprite cache holds the key beside the picture, under the key's hash.
type SpriteCache = Cache<u64, Sprite>;

/// Draw a sprite onto opaque RGB rows: a copy of its tile when the square under it is one
/// flat colour (the usual case), else a blend pixel by pixel.
fn place_rgb(dst: &mut [u8], width: u32, sprite: &Sprite, x: u32, y: u32) {
    let (w, h) = (sprite.pixmap.width(), sprite.pixmap.height());
    let row = width as usize * 3;
    let inside = x + w <= width && (y + h) as usize * row <= dst.len();
    match inside.then(|| flat_colour(dst, row, x, y, w, h)).flatten() {
        Some(bg) => {
            let tile = sprite.tile(bg);
            let span = w as usize * 3;
            for (r, src) in tile.chunks_exact(span).enumerate() {
                let o = (y as usize + r) * row + x as usize * 3;
                dst[o..o + span].copy_from_slice(src);
            }
        }
        None => blend_rgb(dst, width, &sprite.pixmap, x, y),
    }
}

/// The one colour of the `w`×`h` rectangle at (x, y) of RGB rows `row` bytes long, if it
/// is flat. The caller checks the rectangle lies inside.
fn flat_colour(rgb: &[u8], row: usize, x: u32, y: u32, w: u32, h: u32) -> Option<[u8; 3]> {
    let start = y as usize * row + x as usize * 3;
    let span = w as usize * 3;
    let first = &rgb[start..start + span];
    let c = [first[0], first[1], first[2]];
    if !first.chunks_exact(3).all(|p| p == c) {
        return None;
    }
    (1..h as usize)
        .all(|r| rgb[start + r * row..start + r * row + span] == *first)
        .then_some(c)
}

/// A figure drawn alone on a transparent `size`-pixel square, turned as the item says:
/// exactly what the SVG's `<use>` draws on its square, since squares sit on whole pixels.
fn sprite(item: &Item, variant: Option<&str>, size: u32) -> Result<Arc<Sprite>, RenderError> {
    static SPRITES: OnceLock<Mutex<SpriteCache>> = OnceLock::new();
    let cache = SPRITES.get_or_init(|| Mutex::new(Cache::new(SPRITE_BUDGET)));
    let hash = sprite_hash(variant, item, size);
    let hit = cache.lock().ok().and_then(|c| {
        c.get(&hash)
            .filter(|(s, _)| {
                let (v, i, z) = &s.key;
                v.as_deref() == variant && i == item && *z == size
            })
            .map(|(s, _)| s.clone())
    });
    if let Some(s) = hit {
        return Ok(s);
    }
    let mut syms = Symbols::default();
    let id = syms.item(item, variant);
    let mut doc = String::new();
    svg_open(&mut doc, size, size);
    doc.push_str("<defs>");
    if syms.neutral_clips {
        doc.push_str(NEUTRAL_CLIPS);
    }
    doc.push_str(&syms.defs);
    doc.push_str("</defs>");
    place(&mut doc, &id, 0.0, 0.0, size as f64, item.turns);
    doc.push_str("</svg>");
    let mut pm = resvg::tiny_skia::Pixmap::new(size, size).ok_or(RenderError::EmptyBoard)?;
    rasterise(&doc, &mut pm)?;
    // The raster and up to MAX_TILES RGB tiles of it.
    let bytes = pm.data().len() / 4 * (4 + 3 * MAX_TILES);
    let s = Arc::new(Sprite {
        key: (variant.map(str::to_string), item.clone(), size),
        pixmap: pm,
        tiles: Mutex::new(Vec::new()),
    });
    if let Ok(mut c) = cache.lock() {
        c.insert(hash, s.clone(), bytes);
    }
    Ok(s)
}

/// Draw `src` over `dst` with its top-left corner at (x, y): source-over on premultiplied
/// RGBA, clipped to `dst`. (tiny-skia's general `draw_pixmap` runs its full pipeline per
/// call, which costs more than the rest of a diagram when a board holds many figures.)
fn blend(dst: &mut resvg::tiny_skia::Pixmap, src: &resvg::tiny_skia::Pixmap, x: u32, y: u32) {
    let (dw, dh) = (dst.width(), dst.height());
    let sw = src.width();
    let w = sw.min(dw.saturating_sub(x)) as usize;
    let h = src.height().min(dh.saturating_sub(y));
    let s = src.data();
    let d = dst.data_mut();
    for row in 0..h {
        let so = (row * sw) as usize * 4;
        let dof = (((y + row) * dw + x) as usize) * 4;
        let srow = &s[so..so + w * 4];
        let drow = &mut d[dof..dof + w * 4];
        for (sp, dp) in srow.chunks_exact(4).zip(drow.chunks_exact_mut(4)) {
            let a = sp[3] as u32;
            if a == 0 {
                continue;
            }
            if a == 255 {
                dp.copy_from_slice(sp);
                continue;
            }
            let inv = 255 - a;
            for i in 0..4 {
                // Premultiplied source-over, rounded: s + d·(1−αs).
                dp[i] = (sp[i] as u32 + (dp[i] as u32 * inv + 127) / 255).min(255) as u8;
            }
        }
    }
}

/// [`blend`] onto opaque RGB rows `width` pixels wide: the same arithmetic on the colour
/// channels, and the alpha [`blend`] would compute is 255 again (αs + 255·(1−αs)), so
/// nothing is lost by not storing it.
fn blend_rgb(dst: &mut [u8], width: u32, src: &resvg::tiny_skia::Pixmap, x: u32, y: u32) {
    let dh = (dst.len() / (width as usize * 3).max(1)) as u32;
    let sw = src.width();
    let w = sw.min(width.saturating_sub(x)) as usize;
    let h = src.height().min(dh.saturating_sub(y));
    let s = src.data();
    for row in 0..h {
        let so = (row * sw) as usize * 4;
        let dof = (((y + row) * width + x) as usize) * 3;
        let srow = &s[so..so + w * 4];
        let drow = &mut dst[dof..dof + w * 3];
        for (sp, dp) in srow.chunks_exact(4).zip(drow.chunks_exact_mut(3)) {
            let a = sp[3] as u32;
            if a == 0 {
                continue;
            }
            if a == 255 {
                dp.copy_from_slice(&sp[..3]);
                continue;
            }
            let inv = 255 - a;
            for i in 0..3 {
                dp[i] = (sp[i] as u32 + (dp[i] as u32 * inv + 127) / 255).min(255) as u8;
            }
        }
    }
}

/// The layers of a diagram whose picture is not too large to draw.
fn checked_layers(d: &Diagram, style: &Style) -> Result<Layers, RenderError> {
    if d.files == 0 || d.ranks == 0 {
        return Err(RenderError::EmptyBoard);
    }
    let l = Layout::new(d, style);
    if l.width > MAX_IMAGE_SIDE
        || l.height > MAX_IMAGE_SIDE
        || l.width as u64 * l.height as u64 > MAX_IMAGE_PIXELS
    {
        return Err(RenderError::TooLarge {
            width: l.width,
            height: l.height,
        });
    }
    Ok(layers(d, style))
}

/// The board, the figures from cached sprites, then the layer over them.
fn compose(
    d: &Diagram,
    l: &Layout,
    board: &Board,
    over: &str,
) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let mut pm = board.pixmap.clone();
    let size = l.square as u32;
    for (x, y, item) in placed_figures(d, l) {
        let sp = sprite(&item, d.variant.as_deref(), size)?;
        blend(&mut pm, &sp.pixmap, x as u32, y as u32);
    }
    if !over.is_empty() {
        let mut doc = String::with_capacity(over.len() + 120);
        svg_open(&mut doc, l.width, l.height);
        doc.push_str(over);
        doc.push_str("</svg>");
        rasterise(&doc, &mut pm)?;
    }
    Ok(pm)
}

/// The diagram rasterised (for callers that want the pixels): the layer under the figures,
/// the figures from cached sprites, then the layer over them.
pub fn pixmap(d: &Diagram, style: &Style) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let Layers {
        layout: l,
        under,
        over,
    } = checked_layers(d, style)?;
    compose(d, &l, &*board(&under, &l)?, &over)
}
