//! The rules page's pictures, drawn by [`crate::render::svg`]: the setup, move diagrams
//! with the browser diagram's symbols ([`crate::mark_shapes`]), the legend's symbols and
//! piece icons. A move diagram's
//! symbols are also listed in its `data-marks` attribute (`square:name; …`, names from
//! [`Symbol::name`], the browser diagram's CSS classes without `idg-`), so what a page
//! shows can be read back without parsing pictures.

use super::Glance;
use crate::render::Layout;
use crate::{mark_shapes, render, Diagram, Item, PieceRef, Rgb, Side, Sq, SquareContent, Style};
use fairyboard_core::coord::Coord;
use fairyboard_core::marks::{MarkKind, Symbol};
use fairyboard_core::variant::{cell_color, cell_type};
use fairyboard_core::{Color, Variant};
use std::fmt::Write as _;

/// The symbol's shape: the browser diagram's ([`crate::mark_shapes`]). An SVG body in a
/// 100×100 view box.
pub fn look(m: Symbol) -> String {
    mark_shapes::shape(m).unwrap_or_default()
}

/// Draw shapes over the squares of a rendered board: each a nested SVG (class `mk`, one per
/// mark, so a page can be read back by counting them) filling its square
/// (the 100×100 view box scaled to the square), placed before the document's end.
fn overlay(svg: String, layout: &Layout, shapes: &[(Sq, String)]) -> String {
    let Some(end) = svg.rfind("</svg>") else {
        return svg;
    };
    let s = layout.square;
    let mut over = String::new();
    for (at, body) in shapes {
        let (x, y) = layout.square_origin(at.file, at.rank);
        let _ = write!(
            over,
            "<svg class=\"mk\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" viewBox=\"0 0 100 100\">{body}</svg>"
        );
    }
    let mut out = svg;
    out.insert_str(end, &over);
    out
}

/// Give the ids of one inline SVG a prefix: a page holds many pictures, and `<use
/// href="#s0">` would otherwise reach the first picture's symbol.
fn scoped(svg: String, prefix: &str) -> String {
    svg.replace(" id=\"", &format!(" id=\"{prefix}-"))
        .replace("href=\"#", &format!("href=\"#{prefix}-"))
        .replace("url(#", &format!("url(#{prefix}-"))
}

/// Square size in pixels for a board `files` wide (boards stay within about 480 px).
fn square_px(files: u8) -> u32 {
    (480 / files.max(1) as u32).clamp(16, 44)
}

fn piece_ref(v: &Variant, t: usize) -> PieceRef {
    let p = &v.pieces[t];
    PieceRef {
        name: p.name.clone(),
        id: p.id.clone(),
        image: p.image.clone(),
    }
}

fn sq(c: Coord) -> Sq {
    Sq::new(c.file as usize, c.rank as usize)
}

/// A move diagram: piece `t` of `v` alone on the board with its symbols.
/// `scope` prefixes the picture's ids (unique per picture of a page).
pub fn glance(v: &Variant, t: usize, g: &Glance, shades: [Option<Rgb>; 2], scope: &str) -> String {
    let mut d = Diagram::empty(g.files as usize, g.ranks as usize);
    d.variant = Some(v.name.clone());
    holes(v, &mut d);
    if let Ok(from) = g.from.parse::<Coord>() {
        let side = if g.black { Side::Black } else { Side::White };
        d.set(
            from.file as usize,
            from.rank as usize,
            SquareContent::Item(Item::piece(piece_ref(v, t), side)),
        );
    }
    let style = board_style(g.files, shades);
    let mut shapes = Vec::new();
    for (name, marks) in &g.marks {
        let Ok(c) = name.parse::<Coord>() else {
            continue;
        };
        // Symbols that surround the square's middle are drawn first, under it; the crown
        // of a promotion last, at the square's edge.
        let mut marks = marks.clone();
        marks.sort_by_key(|m| match m.kind {
            MarkKind::Outside => 0,
            MarkKind::Initial | MarkKind::HopScreen => 1,
            MarkKind::Block | MarkKind::Transit => 2,
            MarkKind::Promotes => 4,
            _ => 3,
        });
        shapes.extend(marks.into_iter().map(|m| (sq(c), look(m))));
    }
    let layout = Layout::new(&d, &style);
    scoped(overlay(render::svg(&d, &style), &layout, &shapes), scope)
}

/// The `data-marks` text of a move diagram: `d6:both leap; e5:move; e5:initial; …`, a
/// square and a symbol's name ([`Symbol::name`], which may hold a space) per entry.
pub fn marks_attr(g: &Glance) -> String {
    g.marks
        .iter()
        .flat_map(|(s, ms)| ms.iter().map(move |m| format!("{s}:{}", m.name())))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A symbol of the legend, alone on a one-square board of the live diagram's default dark
/// square colour (its key's swatch).
pub fn legend_symbol(m: Symbol) -> String {
    let style = Style {
        square_px: 28,
        light: Rgb(0xb8, 0x9a, 0x6a),
        dark: Rgb(0xb8, 0x9a, 0x6a),
        ..Style::default()
    };
    let d = Diagram::empty(1, 1);
    let layout = Layout::new(&d, &style);
    scoped(
        overlay(
            render::svg(&d, &style),
            &layout,
            &[(Sq::new(0, 0), look(m))],
        ),
        &format!("fbr-l{}", m.name().replace(' ', "-")),
    )
}

/// A White piece on a one-square board.
pub fn piece_icon(v: &Variant, t: usize) -> String {
    let mut d = Diagram::empty(1, 1);
    d.variant = Some(v.name.clone());
    d.set(
        0,
        0,
        SquareContent::Item(Item::piece(piece_ref(v, t), Side::White)),
    );
    let style = Style {
        square_px: 36,
        light: Rgb(0xf4, 0xf4, 0xf4),
        dark: Rgb(0xf4, 0xf4, 0xf4),
        ..Style::default()
    };
    scoped(render::svg(&d, &style), &format!("fbr-i{t}"))
}

/// A board picture's style: its square size, coordinates, the definition's colours.
fn board_style(files: u8, [light, dark]: [Option<Rgb>; 2]) -> Style {
    let base = Style::default();
    Style {
        square_px: square_px(files),
        coordinates: true,
        light: light.unwrap_or(base.light),
        dark: dark.unwrap_or(base.dark),
        ..base
    }
}

/// The variant's holes, drawn as holes.
fn holes(v: &Variant, d: &mut Diagram) {
    for rank in 0..v.geometry.ranks {
        for file in 0..v.geometry.files {
            if v.is_hole(v.square(Coord::new(file, rank))) {
                d.set(file as usize, rank as usize, SquareContent::Hole);
            }
        }
    }
}

/// The start position with the variant's own pieces.
pub fn setup(v: &Variant, shades: [Option<Rgb>; 2]) -> String {
    let (files, ranks) = (v.geometry.files as usize, v.geometry.ranks as usize);
    let mut d = Diagram::empty(files, ranks);
    d.variant = Some(v.name.clone());
    holes(v, &mut d);
    for &(s, cell) in &v.setup {
        let c = v.coord(s);
        let side = if cell_color(cell) == Color::White {
            Side::White
        } else {
            Side::Black
        };
        d.set(
            c.file as usize,
            c.rank as usize,
            SquareContent::Item(Item::piece(piece_ref(v, cell_type(cell).index()), side)),
        );
    }
    let style = board_style(v.geometry.files, shades);
    scoped(render::svg(&d, &style), "fbr-setup")
}
