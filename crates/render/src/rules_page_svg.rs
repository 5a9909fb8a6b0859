//! The rules page's pictures, drawn by [`crate::render::svg`]: the setup, move diagrams
//! with XBoard's symbol colours, the legend's symbols and piece icons. A move diagram's
//! symbols are also listed in its `data-marks` attribute (`square:kind …`, kinds from
//! [`Mark::class`]), so what a page shows can be read back without parsing pictures.

use super::{Glance, Mark};
use crate::{render, Diagram, Item, MarkShape, PieceRef, Rgb, Side, Sq, SquareContent, Style};
use fairyboard_core::coord::Coord;
use fairyboard_core::variant::{cell_color, cell_type};
use fairyboard_core::{Color, Variant};

/// Shape and colour of a symbol: XBoard's colours, shapes to tell the extra kinds apart.
pub fn look(m: Mark) -> (MarkShape, Rgb) {
    match m {
        Mark::Slide => (MarkShape::Dot, Rgb::SLIDE),
        Mark::Leap => (MarkShape::Dot, Rgb::LEAP),
        Mark::Move => (MarkShape::Dot, Rgb::MOVE_ONLY),
        Mark::Capture => (MarkShape::Dot, Rgb::CAPTURE_ONLY),
        Mark::FirstLeg => (MarkShape::Frame, Rgb::FIRST_LEG),
        Mark::Hop => (MarkShape::Ring, Rgb(0x90, 0x30, 0xb0)),
        Mark::Locust => (MarkShape::Cross, Rgb::BLACK),
    }
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
pub fn glance(v: &Variant, t: usize, g: &Glance) -> String {
    let mut d = Diagram::empty(g.files as usize, g.ranks as usize);
    d.variant = Some(v.name.clone());
    if let Ok(from) = g.from.parse::<Coord>() {
        d.set(
            from.file as usize,
            from.rank as usize,
            SquareContent::Item(Item::piece(piece_ref(v, t), Side::White)),
        );
    }
    let mut style = Style {
        square_px: square_px(g.files),
        coordinates: true,
        ..Style::default()
    };
    for (name, marks) in &g.marks {
        let Ok(c) = name.parse::<Coord>() else {
            continue;
        };
        for &m in marks {
            let (shape, color) = look(m);
            style.marks.push(crate::Mark {
                square: sq(c),
                shape,
                color,
            });
        }
    }
    scoped(render::svg(&d, &style), &format!("fbr-g{t}"))
}

/// The `data-marks` text of a move diagram: `d6:leap e5:slide …`.
pub fn marks_attr(g: &Glance) -> String {
    g.marks
        .iter()
        .flat_map(|(s, ms)| ms.iter().map(move |m| format!("{s}:{}", m.class())))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A symbol of the legend, alone on a one-square board.
pub fn legend_symbol(m: Mark) -> String {
    let (shape, color) = look(m);
    let style = Style {
        square_px: 28,
        marks: vec![crate::Mark {
            square: Sq::new(0, 0),
            shape,
            color,
        }],
        light: Rgb(0xee, 0xee, 0xee),
        dark: Rgb(0xee, 0xee, 0xee),
        ..Style::default()
    };
    scoped(
        render::svg(&Diagram::empty(1, 1), &style),
        &format!("fbr-l{}", m.class()),
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

/// The start position with the variant's own pieces.
pub fn setup(v: &Variant) -> String {
    let (files, ranks) = (v.geometry.files as usize, v.geometry.ranks as usize);
    let mut d = Diagram::empty(files, ranks);
    d.variant = Some(v.name.clone());
    for rank in 0..ranks {
        for file in 0..files {
            if v.is_hole(v.square(Coord::new(file as u8, rank as u8))) {
                d.set(file, rank, SquareContent::Hole);
            }
        }
    }
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
            SquareContent::Item(Item::piece(piece_ref(v, cell_type(cell)), side)),
        );
    }
    let style = Style {
        square_px: square_px(v.geometry.files),
        coordinates: true,
        ..Style::default()
    };
    scoped(render::svg(&d, &style), "fbr-setup")
}
