//! The rules page's pictures, drawn by [`crate::render::svg`]: the setup, move diagrams
//! with XBoard's symbol colours, the legend's symbols and piece icons. A move diagram's
//! symbols are also listed in its `data-marks` attribute (`square:kind …`, kinds from
//! [`Mark::class`]), so what a page shows can be read back without parsing pictures.

use super::{Glance, Mark};
use crate::{render, Diagram, Item, MarkShape, PieceRef, Rgb, Side, Sq, SquareContent, Style};
use fairyboard_core::coord::Coord;
use fairyboard_core::variant::{cell_color, cell_type};
use fairyboard_core::{Color, Variant};

/// Shape and colour of a symbol: XBoard's colours for moves, leaps, slides and first legs,
/// and a shape of its own for every symbol (see [`Mark`]), so none is told by colour alone.
pub fn look(m: Mark) -> (MarkShape, Rgb) {
    const GREY: Rgb = Rgb(0x60, 0x60, 0x60);
    const BLUE: Rgb = Rgb(0x20, 0x50, 0xd0);
    const PURPLE: Rgb = Rgb(0x90, 0x30, 0xb0);
    match m {
        Mark::Slide => (MarkShape::Diamond, Rgb::SLIDE),
        Mark::Leap => (MarkShape::Block, Rgb::LEAP),
        Mark::Move => (MarkShape::Dot, Rgb::MOVE_ONLY),
        Mark::Capture => (MarkShape::Cross, Rgb::CAPTURE_ONLY),
        Mark::FirstLeg => (MarkShape::Frame, Rgb::FIRST_LEG),
        Mark::Hop => (MarkShape::Triangle, PURPLE),
        Mark::HopMove => (MarkShape::TriangleHollow, Rgb::MOVE_ONLY),
        Mark::HopCapture => (MarkShape::TriangleDown, Rgb::CAPTURE_ONLY),
        Mark::Locust => (MarkShape::Star, Rgb(0x00, 0x90, 0xa8)),
        Mark::Screen => (MarkShape::Ring, GREY),
        Mark::Block => (MarkShape::Bar, GREY),
        Mark::Initial => (MarkShape::Plus, BLUE),
        Mark::Castle => (MarkShape::Tower, BLUE),
        Mark::Outside => (MarkShape::Hatch, GREY),
        Mark::Promotes => (MarkShape::Corners, Rgb(0xd0, 0x00, 0xd0)),
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
    let mut style = board_style(g.files, shades);
    for (name, marks) in &g.marks {
        let Ok(c) = name.parse::<Coord>() else {
            continue;
        };
        // Symbols that surround the square's middle are drawn first, under it.
        let mut marks = marks.clone();
        marks.sort_by_key(|m| match m {
            Mark::Outside => 0,
            Mark::Initial => 1,
            Mark::Screen | Mark::FirstLeg | Mark::Promotes => 2,
            _ => 3,
        });
        for m in marks {
            let (shape, color) = look(m);
            style.marks.push(crate::Mark {
                square: sq(c),
                shape,
                color,
            });
        }
    }
    scoped(render::svg(&d, &style), scope)
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
            SquareContent::Item(Item::piece(piece_ref(v, cell_type(cell)), side)),
        );
    }
    let style = board_style(v.geometry.files, shades);
    scoped(render::svg(&d, &style), "fbr-setup")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No two symbols share a shape, so none is told from another by colour alone.
    #[test]
    fn every_symbol_has_its_own_shape() {
        let mut shapes: Vec<&str> = Mark::ALL.iter().map(|&m| look(m).0.name()).collect();
        let n = shapes.len();
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), n, "{shapes:?}");
    }
}
