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
//! at `(margin + border + col·s, border + row·s)` with `col = file`, `row = ranks−1−rank`
//! (flipped: `col = files−1−file`, `row = rank`). A square is dark when file + rank is even
//! (a1 is dark).
//!
//! ```
//! use fairyboard_render::{render, Diagram, Style};
//! let d = Diagram::parse_ffen("4k3/8/8/8/8/8/8/4K3").unwrap();
//! let svg = render::svg(&d, &Style::default());
//! assert_eq!(svg.matches("<use ").count(), 2);
//! let png = render::png(&d, &Style { square_px: 10, ..Style::default() }).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

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
    files: usize,
    ranks: usize,
    flipped: bool,
}

impl Layout {
    pub fn new(d: &Diagram, style: &Style) -> Layout {
        let s = style.square_px.clamp(MIN_SQUARE_PX, MAX_SQUARE_PX);
        let margin = if style.coordinates { s / 2 } else { 0 };
        let b = style.border.min(crate::style::MAX_BORDER_PX);
        let width = margin as u64 + 2 * b as u64 + d.files as u64 * s as u64;
        let height = margin as u64 + 2 * b as u64 + d.ranks as u64 * s as u64;
        Layout {
            width: width.min(u32::MAX as u64) as u32,
            height: height.min(u32::MAX as u64) as u32,
            square: s as f64,
            board_x: (margin + b) as f64,
            board_y: b as f64,
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
            Figure::Piece(p) => match art::resolve(p, variant) {
                Art::Svg { white, black: b } => {
                    let path = if black { b } else { white };
                    match art::symbol(path) {
                        Some(sym) => self.define(format!("art:{path}"), &sym.view_box, |prefix| {
                            sym.body(prefix)
                        }),
                        None => self.disc(p.id.chars().next().unwrap_or('?'), black),
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
            Figure::Number(v) => {
                let key = format!("number:{v}");
                let v = *v;
                self.define(key, "0 0 100 100", |_| {
                    scaled_text(&v.to_string(), 50.0, true)
                })
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

    // Frame.
    if style.border > 0 {
        let b = l.board_y;
        let _ = write!(
            body,
            "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            n(l.board_x - b),
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
        let below = l.board_y + d.ranks as f64 * s + l.board_y + (s / 2.0) / 2.0;
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

    Layers {
        layout: l,
        under: body,
        over,
    }
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
    for (file, rank, item) in d.items() {
        let id = syms.item(item, d.variant.as_deref());
        let (x, y) = l.square_origin(file, rank);
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
pub fn png(d: &Diagram, style: &Style) -> Result<Vec<u8>, RenderError> {
    encode_png(&pixmap(d, style)?)
}

/// PNG bytes of a pixmap. A board is mostly flat colour, so the fast zlib level with the
/// `Up` filter already compresses it well, at a tenth of the default level's time; an opaque
/// picture (no holes) is written without its alpha channel.
pub fn encode_png(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let channels = if opaque { 3 } else { 4 };
    let mut data = Vec::with_capacity(pixmap.pixels().len() * channels);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        data.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()][..channels]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(if opaque {
            png::ColorType::Rgb
        } else {
            png::ColorType::Rgba
        });
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        enc.set_filter(png::FilterType::Up);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Rasterise(e.to_string()))?;
        w.write_image_data(&data)
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

/// A cache of pixmaps with a byte budget: a server asked for many sizes, sets and styles
/// starts afresh when the budget is spent, so memory stays bounded whatever clients send.
struct PixmapCache<K> {
    map: HashMap<K, Arc<resvg::tiny_skia::Pixmap>>,
    bytes: usize,
}

impl<K: std::hash::Hash + Eq> PixmapCache<K> {
    fn new() -> PixmapCache<K> {
        PixmapCache {
            map: HashMap::new(),
            bytes: 0,
        }
    }

    fn get<Q>(&self, key: &Q) -> Option<Arc<resvg::tiny_skia::Pixmap>>
    where
        K: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        self.map.get(key).cloned()
    }

    fn insert(&mut self, key: K, pm: Arc<resvg::tiny_skia::Pixmap>, budget: usize) {
        let size = pm.data().len();
        if size > budget / 8 {
            return; // not worth a large share of the budget
        }
        if self.bytes + size > budget {
            self.map.clear();
            self.bytes = 0;
        }
        self.bytes += size;
        if let Some(old) = self.map.insert(key, pm) {
            self.bytes -= old.data().len();
        }
    }
}

/// Byte budgets of the board and sprite caches.
const BOARD_BUDGET: usize = 32 << 20;
const SPRITE_BUDGET: usize = 32 << 20;

/// Boards (the layer under the figures), by the layer's SVG text: most requests share a
/// few board styles, and a copy is far cheaper than drawing the squares again.
fn boards() -> &'static Mutex<PixmapCache<String>> {
    static BOARDS: OnceLock<Mutex<PixmapCache<String>>> = OnceLock::new();
    BOARDS.get_or_init(|| Mutex::new(PixmapCache::new()))
}

/// A copy of the cached board drawn from `under` (the layer text fixes the size too, as its
/// squares' coordinates do; the size is checked anyway).
fn board_cache(under: &str, width: u32, height: u32) -> Option<resvg::tiny_skia::Pixmap> {
    let cached = boards().lock().ok()?.get(under)?;
    (cached.width() == width && cached.height() == height).then(|| (*cached).clone())
}

fn board_store(under: &str, pm: &resvg::tiny_skia::Pixmap) {
    if let Ok(mut cache) = boards().lock() {
        cache.insert(under.to_string(), Arc::new(pm.clone()), BOARD_BUDGET);
    }
}

type SpriteKey = (Option<String>, Item, u32);

/// A figure drawn alone on a transparent `size`-pixel square, turned as the item says:
/// exactly what the SVG's `<use>` draws on its square, since squares sit on whole pixels.
fn sprite(
    item: &Item,
    variant: Option<&str>,
    size: u32,
) -> Result<Arc<resvg::tiny_skia::Pixmap>, RenderError> {
    static SPRITES: OnceLock<Mutex<PixmapCache<SpriteKey>>> = OnceLock::new();
    let cache = SPRITES.get_or_init(|| Mutex::new(PixmapCache::new()));
    let key = (variant.map(str::to_string), item.clone(), size);
    if let Some(p) = cache.lock().ok().and_then(|c| c.get(&key)) {
        return Ok(p);
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
    let pm = Arc::new(pm);
    if let Ok(mut c) = cache.lock() {
        c.insert(key, pm.clone(), SPRITE_BUDGET);
    }
    Ok(pm)
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

/// The diagram rasterised (for callers that want the pixels): the layer under the figures,
/// the figures from cached sprites, then the layer over them.
pub fn pixmap(d: &Diagram, style: &Style) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
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
    let Layers {
        layout: l,
        under,
        over,
    } = layers(d, style);
    let layer = |body: &str, pm: &mut resvg::tiny_skia::Pixmap| {
        let mut doc = String::with_capacity(body.len() + 120);
        svg_open(&mut doc, l.width, l.height);
        doc.push_str(body);
        doc.push_str("</svg>");
        rasterise(&doc, pm)
    };
    let mut pm = match board_cache(&under, l.width, l.height) {
        Some(cached) => cached,
        None => {
            let mut pm =
                resvg::tiny_skia::Pixmap::new(l.width, l.height).ok_or(RenderError::EmptyBoard)?;
            layer(&under, &mut pm)?;
            board_store(&under, &pm);
            pm
        }
    };
    let size = l.square as u32;
    for (file, rank, item) in d.items() {
        let sp = sprite(item, d.variant.as_deref(), size)?;
        let (x, y) = l.square_origin(file, rank);
        blend(&mut pm, &sp, x as u32, y as u32);
    }
    if !over.is_empty() {
        layer(&over, &mut pm)?;
    }
    Ok(pm)
}
