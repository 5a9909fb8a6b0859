//! The shapes of move-diagram symbols, one per [`Symbol`]: the browser diagram paints
//! them from `web/idiagram.css` (`.idg-move::after`, …) and the rules page draws the very
//! same SVG, so a symbol looks alike in both. A test reads the style sheet and fails when
//! one of its shapes differs from [`shape`], printing the CSS rule to paste.
//!
//! Every shape is an SVG body in a 100×100 view box covering the square, drawn twice over:
//! a wide white stroke (a halo) under the symbol's colour outlined in black, so that it
//! reads on light and dark squares and over light and dark piece art; the symbols differ
//! by shape, not only by colour.
//!
//! ```
//! use fairyboard_core::marks::{MarkKind, Symbol};
//! use fairyboard_render::mark_shapes;
//! let dot = mark_shapes::shape(Symbol::of(MarkKind::Move)).unwrap();
//! assert!(dot.starts_with("<circle"));
//! assert!(mark_shapes::css_rule(Symbol::of(MarkKind::Move))
//!     .unwrap()
//!     .starts_with(".idg-move::after"));
//! ```

use fairyboard_core::marks::{MarkKind, Symbol, Way};

/// `element` (with `{a}` where its paint goes) in a white halo `halo` wide, then filled
/// with `color` and outlined in black `line` wide.
fn haloed(element: &str, color: &str, halo: u32, line: u32) -> String {
    let paint = |a: String| element.replace("{a}", &a);
    paint(format!(
        "fill='none' stroke='#fff' stroke-width='{halo}' stroke-linejoin='round'"
    )) + &paint(format!(
        "fill='{color}' stroke='#000' stroke-width='{line}' stroke-linejoin='round'"
    ))
}

fn path(d: &str) -> String {
    format!("<path d='{d}' {{a}}/>")
}

const PLUS: &str = "M42 24 H58 V42 H76 V58 H58 V76 H42 V58 H24 V42 H42 Z";
const CORNERS: &str = "M3 3 H36 L3 36 Z M97 3 H64 L97 36 Z M3 97 H36 L3 64 Z M97 97 H64 L97 64 Z";
/// The regular octagon of radius 24, a flat side on each edge.
const OCTAGON: &str = "M72 59 L59 72 L41 72 L28 59 L28 41 L41 28 L59 28 L72 41 Z";
/// A four-pointed star of radius 30 (11 between the points).
const STAR4: &str = "M50 20 L58 42 L80 50 L58 58 L50 80 L42 58 L20 50 L42 42 Z";

/// A ring near the square's edge, black edged with a coloured core.
fn ring(color: &str) -> String {
    [("#fff", 16), ("#000", 10), (color, 4)]
        .iter()
        .map(|(c, w)| {
            format!("<circle cx='50' cy='50' r='41' fill='none' stroke='{c}' stroke-width='{w}'/>")
        })
        .collect()
}

/// A barred circle (no entry).
fn barred(color: &str) -> String {
    [("#fff", 18), ("#000", 10), (color, 4)]
        .iter()
        .map(|(c, w)| {
            format!(
                "<circle cx='50' cy='50' r='24' fill='none' stroke='{c}' stroke-width='{w}'/>\
                 <path d='M33 67 L67 33' stroke='{c}' stroke-width='{w}' stroke-linecap='round'/>"
            )
        })
        .collect()
}

/// The symbol's shape, an SVG body in a 100×100 view box; `None` for
/// [`Context`](MarkKind::Context), which the browser shows as a "?" badge to hover.
pub fn shape(s: Symbol) -> Option<String> {
    Some(match s.kind {
        MarkKind::Move => haloed("<circle cx='50' cy='50' r='15' {a}/>", "#2fb52f", 16, 6),
        MarkKind::Capture => haloed(&path(CORNERS), "#ff3b3b", 10, 5),
        MarkKind::Both if s.way == Some(Way::Leap) => haloed(&path(STAR4), "#ff8a00", 16, 6),
        MarkKind::Both => haloed(&path("M50 24 L76 50 L50 76 L24 50 Z"), "#ffd400", 16, 6),
        MarkKind::Transit => haloed(&path(PLUS), "#19d3e6", 16, 6),
        MarkKind::Stop => haloed(&path(OCTAGON), "#ff3b3b", 16, 6),
        MarkKind::LocustVictim => {
            // An X: the plus turned by 45 degrees about the centre.
            let x = format!("<g transform='rotate(45 50 50)'>{}</g>", path(PLUS));
            haloed(&x, "#ff4fd8", 16, 6)
        }
        MarkKind::HopScreen => ring("#ffe14d"),
        MarkKind::Hop => haloed(&path("M50 22 L78 72 H22 Z"), "#b28cff", 16, 6),
        MarkKind::HopCapture => haloed(&path("M50 78 L78 28 H22 Z"), "#e0559a", 16, 6),
        MarkKind::Initial => haloed(
            "<rect x='30' y='30' width='40' height='40' {a}/>",
            "#3d9bff",
            16,
            6,
        ),
        MarkKind::Block => haloed(
            "<rect x='22' y='41' width='56' height='18' {a}/>",
            "#a0a0a0",
            16,
            6,
        ),
        MarkKind::Castle => haloed(
            &path("M28 74 V30 H38 V38 H46 V30 H54 V38 H62 V30 H72 V74 Z"),
            "#3d9bff",
            16,
            6,
        ),
        MarkKind::Illegal => barred("#aaa"),
        MarkKind::Promotes => promotes(),
        MarkKind::Outside => outside(),
        MarkKind::Context => return None,
    })
}

/// A square the piece may never stand on: grey hatching.
fn outside() -> String {
    "<path d='M0 25 L25 0 M0 50 L50 0 M0 75 L75 0 M0 100 L100 0 M25 100 L100 25 \
     M50 100 L100 50 M75 100 L100 75' stroke='#606060' stroke-width='4'/>"
        .to_string()
}

/// A square where landing promotes: a small magenta crown (XBoard's promotion colour) at
/// the bottom edge, clear of the other shapes.
fn promotes() -> String {
    haloed(
        &path("M36 96 L34 79 L42 86 L50 76 L58 86 L66 79 L64 96 Z"),
        "#d000d0",
        8,
        3,
    )
}

/// The style sheet's selector for the symbol: `.idg-` and its name, the kinds of a name
/// of two (`both leap`) joined; a slide is the plain `.idg-both`.
fn selector(s: Symbol) -> String {
    let name = match s.way {
        Some(Way::Slide) => s.kind.name().to_string(),
        _ => s.name(),
    };
    name.split(' ').map(|k| format!(".idg-{k}")).collect()
}

/// The CSS rule of `web/idiagram.css` that paints the symbol's shape.
pub fn css_rule(s: Symbol) -> Option<String> {
    let svg = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>{}</svg>",
        shape(s)?
    );
    let url = svg
        .replace('#', "%23")
        .replace('<', "%3C")
        .replace('>', "%3E");
    Some(format!(
        "{}::after {{ background-image: url(\"data:image/svg+xml,{url}\"); }}",
        selector(s)
    ))
}

/// Every symbol the browser draws a shape for: each kind, a "move or capture" once per way.
pub fn symbols() -> Vec<Symbol> {
    MarkKind::ALL
        .into_iter()
        .flat_map(|k| match k {
            MarkKind::Both => vec![Symbol::both(Way::Slide), Symbol::both(Way::Leap)],
            MarkKind::Context => vec![],
            k => vec![Symbol::of(k)],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The browser diagram's style sheet paints every symbol with exactly the shape the
    /// rules page draws: one table, so the two cannot drift apart.
    #[test]
    fn the_style_sheet_draws_the_same_shapes() {
        let css = include_str!("../../../web/idiagram.css");
        let lines: Vec<&str> = css.lines().collect();
        let mut missing = Vec::new();
        for s in symbols() {
            let rule = css_rule(s).unwrap();
            if !lines.contains(&rule.as_str()) {
                missing.push(rule);
            }
        }
        assert!(
            missing.is_empty(),
            "web/idiagram.css lacks these rules (paste them over the old ones):\n{}",
            missing.join("\n")
        );
    }

    /// No two symbols share a shape, so none is told from another by colour alone.
    #[test]
    fn every_symbol_has_its_own_shape() {
        // The geometry alone: every colour left out.
        let uncoloured = |s: String| {
            let mut out = String::new();
            let mut chars = s.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '#' {
                    while chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            out
        };
        let mut shapes: Vec<String> = symbols()
            .into_iter()
            .filter_map(shape)
            .map(uncoloured)
            .collect();
        let n = shapes.len();
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), n);
    }
}
