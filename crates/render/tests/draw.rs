//! Rendered diagrams: SVG structure (one `<use>` per figure, one `<symbol>` per kind,
//! rotation transforms, the flipped layout) and PNG pixels, decoded with the `png` crate
//! and sampled at squares whose colour follows from the layout rules (a1 dark, 40-pixel
//! squares, White at the bottom).

use fairyboard_render::{render, Diagram, Mark, MarkShape, Rgb, Sq, SquareContent, Style};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Decoded RGBA image.
struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Image {
    fn decode(bytes: &[u8]) -> Image {
        let decoder = png::Decoder::new(bytes);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        buf.truncate(info.buffer_size());
        // Opaque pictures are written as RGB, others (holes) as RGBA.
        let rgba = match info.color_type {
            png::ColorType::Rgba => buf,
            png::ColorType::Rgb => buf
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            other => panic!("unexpected colour type {other:?}"),
        };
        Image {
            width: info.width,
            height: info.height,
            rgba,
        }
    }

    fn px(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// Pixels of the square with top-left (x0, y0) and side `s` satisfying `f`.
    fn count(&self, x0: u32, y0: u32, s: u32, f: impl Fn([u8; 4]) -> bool) -> usize {
        (y0..y0 + s)
            .flat_map(|y| (x0..x0 + s).map(move |x| (x, y)))
            .filter(|&(x, y)| f(self.px(x, y)))
            .count()
    }
}

fn rgb(c: Rgb) -> [u8; 4] {
    [c.0, c.1, c.2, 255]
}

fn near_white(p: [u8; 4]) -> bool {
    p[0] > 235 && p[1] > 235 && p[2] > 235 && p[3] == 255
}
fn near_black(p: [u8; 4]) -> bool {
    p[0] < 30 && p[1] < 30 && p[2] < 30 && p[3] == 255
}

/// The `<use>` elements that place figures (those inside `<defs>` compose neutral symbols).
fn board_uses(svg: &str) -> Vec<&str> {
    let body = svg.split("</defs>").last().unwrap();
    body.match_indices("<use ")
        .map(|(i, _)| &body[i..i + body[i..].find("/>").unwrap()])
        .collect()
}

fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let start = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    &tag[start..start + tag[start..].find('"').unwrap()]
}

#[test]
fn svg_defines_each_kind_once_and_uses_it_per_piece() {
    let d = Diagram::parse_ffen(START).unwrap();
    let svg = render::svg(&d, &Style::default());
    assert_eq!(board_uses(&svg).len(), 32);
    // 6 kinds × 2 colours.
    assert_eq!(svg.matches("<symbol ").count(), 12);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"320\"")
    );
    // Small: the art once, plus a line per piece.
    assert!(svg.len() < 14_000, "{} bytes", svg.len());
    // The white queen stands on d1: 4th column (x = 3·40), bottom row (y = 7·40).
    let queens: Vec<&str> = board_uses(&svg)
        .into_iter()
        .filter(|u| attr(u, "x") == "120" && attr(u, "y") == "280")
        .collect();
    assert_eq!(queens.len(), 1);
}

#[test]
fn rotated_figures_carry_a_rotation_about_their_square_centre() {
    let d = Diagram::parse_ffen("*1Q*2n*3'a'7").unwrap();
    let svg = render::svg(&d, &Style::default());
    let uses = board_uses(&svg);
    assert_eq!(uses.len(), 4);
    assert_eq!(attr(uses[0], "transform"), "rotate(90 20 20)");
    assert_eq!(attr(uses[1], "transform"), "rotate(180 60 20)");
    assert_eq!(attr(uses[2], "transform"), "rotate(270 100 20)");
    assert!(!uses[3].contains("transform"));
}

#[test]
fn flipped_board_puts_a1_top_right() {
    let d = Diagram::parse_ffen("7k/8/8/8/8/8/8/K7").unwrap();
    let normal = render::svg(&d, &Style::default());
    let flipped = render::svg(
        &d,
        &Style {
            flipped: true,
            ..Style::default()
        },
    );
    let pos = |svg: &str| {
        board_uses(svg)
            .iter()
            .map(|u| (attr(u, "x").to_string(), attr(u, "y").to_string()))
            .collect::<Vec<_>>()
    };
    // Items come rank by rank from a1: the white king (a1), then the black king (h8).
    assert_eq!(
        pos(&normal),
        vec![("0".into(), "280".into()), ("280".into(), "0".into())]
    );
    assert_eq!(
        pos(&flipped),
        vec![("280".into(), "0".into()), ("0".into(), "280".into())]
    );
}

#[test]
fn neutral_pieces_compose_white_and_black_halves() {
    let d = Diagram::parse_ffen("-Q").unwrap();
    let svg = render::svg(&d, &Style::default());
    assert!(svg.contains("<clipPath id=\"nl\">") && svg.contains("<clipPath id=\"nr\">"));
    // White queen, black queen, and the neutral symbol using both.
    assert_eq!(svg.matches("<symbol ").count(), 3);
    assert_eq!(board_uses(&svg).len(), 1);
}

#[test]
fn png_has_the_layout_size_and_square_colours() {
    let d = Diagram::parse_ffen(START).unwrap();
    let style = Style::default();
    let img = Image::decode(&render::png(&d, &style).unwrap());
    assert_eq!((img.width, img.height), (320, 320));
    // a3 (file 0, rank 2): dark (0 + 2 even); b3 light. Row of rank 3 from the top is 5.
    assert_eq!(img.px(20, 5 * 40 + 20), rgb(style.dark));
    assert_eq!(img.px(60, 5 * 40 + 20), rgb(style.light));
    // An empty square is one colour throughout; a piece's square is not.
    assert_eq!(img.count(0, 200, 40, |p| p != rgb(style.dark)), 0);
    let on_d1 = img.count(120, 280, 40, |p| p != rgb(style.light));
    assert!(on_d1 > 300, "{on_d1} piece pixels on d1");
    // The white queen on d1 is mostly white inside with black outlines; the black one on
    // d8 mostly black.
    let (w1, b1) = (
        img.count(120, 280, 40, near_white),
        img.count(120, 280, 40, near_black),
    );
    let (w8, b8) = (
        img.count(120, 0, 40, near_white),
        img.count(120, 0, 40, near_black),
    );
    assert!(w1 > 100 && b1 > 50, "d1: {w1} white, {b1} black pixels");
    assert!(
        b8 > 300 && w8 < b8 / 4 && w8 < w1 / 4,
        "d8: {w8} white, {b8} black pixels"
    );
}

#[test]
fn png_coordinates_border_and_flip_change_the_geometry() {
    let d = Diagram::parse_ffen("K7/8/8/8/8/8/8/8").unwrap();
    let style = Style {
        coordinates: true,
        border: 2,
        square_px: 20,
        ..Style::default()
    };
    let img = Image::decode(&render::png(&d, &style).unwrap());
    // 8 squares of 20 + 2 × 2 border + a 10-pixel coordinate margin.
    assert_eq!((img.width, img.height), (8 * 20 + 4 + 10, 8 * 20 + 4 + 10));
    // The border colour at the frame's top-left corner, just right of the margin.
    assert_eq!(img.px(10, 0), rgb(style.border_color));
    // h1 is light (7 + 0 odd): its square starts at (10 + 2 + 7·20, 2 + 7·20).
    assert_eq!(img.px(12 + 140 + 3, 2 + 140 + 3), rgb(style.light));

    let flipped = Style {
        flipped: true,
        square_px: 20,
        ..Style::default()
    };
    let img = Image::decode(&render::png(&d, &flipped).unwrap());
    // The white king of a8 is at the bottom right when flipped; the top left (h1) is empty.
    assert!(img.count(140, 140, 20, near_white) > 40);
    assert_eq!(img.count(0, 0, 20, |p| p != rgb(flipped.light)), 0);
}

/// Pixels of a one-square diagram holding `ffen`, with a plain white square.
fn single(ffen: &str, px: u32) -> Image {
    let d = Diagram::parse_ffen(ffen).unwrap();
    let style = Style {
        square_px: px,
        light: Rgb::WHITE,
        dark: Rgb::WHITE,
        ..Style::default()
    };
    Image::decode(&render::png(&d, &style).unwrap())
}

/// Mean absolute channel difference of two images of one size, `map` taking each pixel of
/// `b` to the position in `a` it should match.
fn mean_diff(a: &Image, b: &Image, map: impl Fn(u32, u32) -> (u32, u32)) -> f64 {
    let mut total = 0u64;
    for y in 0..b.height {
        for x in 0..b.width {
            let (ax, ay) = map(x, y);
            let (p, q) = (a.px(ax, ay), b.px(x, y));
            total += (0..3)
                .map(|i| (p[i] as i32 - q[i] as i32).unsigned_abs() as u64)
                .sum::<u64>();
        }
    }
    total as f64 / (b.width * b.height * 3) as f64
}

#[test]
fn rotated_piece_is_the_upright_picture_turned() {
    let n = 64;
    let up = single("N", n);
    let quarter = single("*1N", n);
    let half = single("*2N", n);
    // The knight is not symmetric: turning changes the picture a lot...
    let unchanged = mean_diff(&up, &quarter, |x, y| (x, y));
    assert!(
        unchanged > 10.0,
        "rotated knight too similar to the upright one: {unchanged}"
    );
    // ...and exactly into the upright one turned clockwise: new(x, y) = old(y, n−1−x).
    let turned = mean_diff(&up, &quarter, |x, y| (y, n - 1 - x));
    assert!(
        turned < 1.0,
        "quarter turn differs from the turned picture by {turned}"
    );
    let turned = mean_diff(&up, &half, |x, y| (n - 1 - x, n - 1 - y));
    assert!(turned < 1.0, "half turn differs by {turned}");
}

#[test]
fn neutral_piece_is_half_white_half_black() {
    let n = 64;
    let (white, black, neutral) = (single("R", n), single("r", n), single("-R", n));
    let band = |img: &Image, xs: std::ops::Range<u32>| Image {
        width: xs.len() as u32,
        height: n,
        rgba: (0..n)
            .flat_map(|y| xs.clone().flat_map(move |x| img.px(x, y)))
            .collect(),
    };
    // Left 30 columns as the white rook, right 30 as the black rook (2 columns of seam).
    let left = mean_diff(&band(&white, 0..30), &band(&neutral, 0..30), |x, y| (x, y));
    let right = mean_diff(&band(&black, 34..64), &band(&neutral, 34..64), |x, y| {
        (x, y)
    });
    assert!(left < 0.5 && right < 0.5, "halves differ: {left} {right}");
    let not_black = mean_diff(&band(&black, 0..30), &band(&neutral, 0..30), |x, y| (x, y));
    assert!(
        not_black > 10.0,
        "left half should not be the black rook ({not_black})"
    );
}

#[test]
fn marks_highlights_and_holes() {
    let mut d = Diagram::parse_ffen("3/3/3").unwrap();
    d.set(0, 0, SquareContent::Hole);
    let style = Style {
        square_px: 40,
        marks: vec![Mark {
            square: Sq::new(1, 1),
            shape: MarkShape::Dot,
            color: Rgb::SLIDE,
        }],
        highlights: vec![fairyboard_render::Highlight {
            square: Sq::new(2, 2),
            color: Rgb(255, 0, 0),
        }],
        ..Style::default()
    };
    let img = Image::decode(&render::png(&d, &style).unwrap());
    // The hole (a1, bottom left) stays transparent.
    assert_eq!(img.px(20, 100)[3], 0);
    assert_eq!(img.px(60, 100)[3], 255, "b1 is a square");
    // The dot's centre at b2 is the slide colour.
    assert_eq!(img.px(60, 60), rgb(Rgb::SLIDE));
    // The highlight lays red over c3 (dark: 2 + 2 even) at 60 %: 0.6·255 + 0.4·181 = 225.4,
    // 0.4·136 = 54.4, 0.4·99 = 39.6.
    let p = img.px(100, 20);
    let expected = [225.4, 54.4, 39.6];
    assert!(
        (0..3).all(|i| (p[i] as f64 - expected[i]).abs() <= 1.5),
        "{p:?}"
    );
    let svg = render::svg(&d, &style);
    assert!(svg.contains("class=\"mk dot\""));
}

#[test]
fn too_large_images_are_refused_before_drawing() {
    let d = Diagram::parse_ffen_multi_digit(&vec!["64"; 64].join("/")).unwrap();
    let e = render::png(
        &d,
        &Style {
            square_px: 256,
            ..Style::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            render::RenderError::TooLarge {
                width: 16384,
                height: 16384
            }
        ),
        "{e}"
    );
    // 26×26 at 40 px is fine.
    let d = Diagram::parse_ffen(&vec!["998"; 26].join("/")).unwrap();
    let img = Image::decode(&render::png(&d, &Style::default()).unwrap());
    assert_eq!(img.width, 26 * 40);
}

#[test]
fn variant_positions_use_their_own_art() {
    let v = fairyboard_core::catalogue::load("chess").unwrap();
    let chess = Diagram::from_position(&fairyboard_core::Position::start(v));
    let from_ffen = Diagram::parse_ffen(START).unwrap();
    // Same squares, same SVG except nothing: both name the orthodox pieces.
    assert_eq!(
        render::svg(&chess, &Style::default()).len(),
        render::svg(&from_ffen, &Style::default()).len()
    );

    let v = fairyboard_core::catalogue::load("shogi").unwrap();
    let shogi = Diagram::from_position(&fairyboard_core::Position::start(v));
    let svg = render::svg(&shogi, &Style::default());
    assert_eq!(board_uses(&svg).len(), 40);
    // The shogi set's gradient ids (prefixed per symbol) show its art was used.
    assert!(
        svg.contains("0OU_svg__a\""),
        "the sente king of the shogi set"
    );
    assert!(svg.contains("1GY_svg__a\""), "the gote king");
}

/// The PNG path draws boards and figures separately (with caches); it must give the
/// picture resvg makes of the whole SVG document.
#[test]
fn png_pixels_match_the_svg_rasterised_whole() {
    let mut holes = Diagram::parse_ffen("r2k/1-*1B2/4").unwrap();
    holes.set(0, 0, SquareContent::Hole);
    let shogi = Diagram::from_position(&fairyboard_core::Position::start(
        fairyboard_core::catalogue::load("shogi").unwrap(),
    ));
    let busy = Style {
        square_px: 36,
        coordinates: true,
        border: 3,
        flipped: true,
        highlights: vec![fairyboard_render::Highlight {
            square: Sq::new(4, 3),
            color: Rgb(255, 0, 0),
        }],
        marks: vec![Mark {
            square: Sq::new(2, 2),
            shape: MarkShape::Ring,
            color: Rgb::LEAP,
        }],
        arrows: vec![fairyboard_render::Arrow {
            from: Sq::new(4, 1),
            to: Sq::new(4, 3),
            color: Rgb(0, 0, 255),
        }],
        ..Style::default()
    };
    let cases = [
        (Diagram::parse_ffen(START).unwrap(), busy.clone()),
        (
            Diagram::parse_ffen("-*2q'a''171/*1N*3xT-C").unwrap(),
            Style::default(),
        ),
        (holes, Style::default()),
        (shogi, busy),
    ];
    for (d, style) in cases {
        let fast = render::pixmap(&d, &style).unwrap();
        let tree =
            resvg::usvg::Tree::from_str(&render::svg(&d, &style), &Default::default()).unwrap();
        let mut whole = resvg::tiny_skia::Pixmap::new(fast.width(), fast.height()).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut whole.as_mut(),
        );
        let (a, b) = (fast.data(), whole.data());
        assert_eq!(a.len(), b.len());
        let diffs: Vec<u32> = a
            .iter()
            .zip(b)
            .map(|(x, y)| (*x as i32 - *y as i32).unsigned_abs())
            .collect();
        let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
        let big = diffs.iter().filter(|&&d| d > 8).count();
        assert!(
            mean < 0.3 && big * 1000 < diffs.len(),
            "{}: mean {mean}, {big} large differences",
            d.to_ffen()
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever parses also draws, in both formats, at the size the layout promises.
    #[test]
    fn anything_that_parses_renders(s in "[KQRBNPAZkqrbnpazCXSTcxst1-4/*'\\-]{1,40}", flip in proptest::bool::ANY) {
        if let Ok(d) = Diagram::parse_ffen(&s) {
            let style = Style { square_px: 8, flipped: flip, coordinates: true, ..Style::default() };
            let svg = render::svg(&d, &style);
            proptest::prop_assert_eq!(board_uses(&svg).len(), d.items().count());
            let img = Image::decode(&render::png(&d, &style).unwrap());
            proptest::prop_assert_eq!((img.width as usize, img.height as usize), (d.files * 8 + 4, d.ranks * 8 + 4));
        }
    }
}

/// Straight-alpha RGBA of a premultiplied pixmap, as a PNG decoder gives it back.
fn straight(pm: &resvg::tiny_skia::Pixmap) -> Vec<u8> {
    pm.pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// `render::png` takes a short cut for opaque boards with nothing over the figures (RGB
/// composed directly, no RGBA picture). Whatever the path, the PNG must decode to the very
/// pixels of `render::pixmap`, and those to resvg's picture of the whole SVG document (the
/// reference rasterisation; same tolerance as above).
#[test]
fn png_decodes_to_the_reference_pixels_on_every_path() {
    let mut holes = Diagram::parse_ffen("r2k/1-*1B2/4").unwrap();
    holes.set(0, 0, SquareContent::Hole);
    let crazyhouse = fairyboard_core::Position::from_fen(
        fairyboard_core::catalogue::load("crazyhouse").unwrap(),
        "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNn] w KQkq - 0 1",
    )
    .unwrap();
    // Highlights on an empty square and under a pawn (e2): a third flat background.
    let coords = Style {
        square_px: 33,
        coordinates: true,
        border: 2,
        highlights: vec![
            fairyboard_render::Highlight {
                square: Sq::new(4, 3),
                color: Rgb(255, 0, 0),
            },
            fairyboard_render::Highlight {
                square: Sq::new(4, 1),
                color: Rgb(0, 0, 255),
            },
        ],
        ..Style::default()
    };
    let marked = Style {
        marks: vec![Mark {
            square: Sq::new(3, 0),
            shape: MarkShape::Dot,
            color: Rgb::LEAP,
        }],
        ..Style::default()
    };
    let cases = [
        // Short cut (opaque board, nothing over the figures) or not: the coordinate margin
        // is transparent.
        (Diagram::parse_ffen(START).unwrap(), Style::default(), true),
        (Diagram::parse_ffen(START).unwrap(), coords.clone(), false),
        (
            Diagram::parse_ffen(START).unwrap(),
            Style {
                border: 3,
                coordinates: false,
                ..coords.clone()
            },
            true,
        ),
        (
            Diagram::parse_ffen("-*2q'a''171/*1N*3xT-C").unwrap(),
            Style::default(),
            true,
        ),
        // Marks over the figures, holes (RGBA), hand counts over the held pieces.
        (Diagram::parse_ffen(START).unwrap(), marked, false),
        (holes, Style::default(), false),
        (Diagram::from_position(&crazyhouse), Style::default(), false),
    ];
    for (d, style, short_cut) in cases {
        let png = render::png(&d, &style).unwrap();
        let img = Image::decode(&png);
        let pm = render::pixmap(&d, &style).unwrap();
        assert_eq!((img.width, img.height), (pm.width(), pm.height()));
        // Colour type byte of IHDR: 2 = RGB, 6 = RGBA.
        // (The coordinate margin is transparent, like holes.)
        let opaque = img.rgba.chunks_exact(4).all(|p| p[3] == 255);
        assert_eq!(png[25], if opaque { 2 } else { 6 }, "{}", d.to_ffen());
        assert!(
            img.rgba == straight(&pm),
            "{} ({}): PNG pixels differ from render::pixmap",
            d.to_ffen(),
            if short_cut {
                "short cut"
            } else {
                "pixmap path"
            }
        );
        let tree =
            resvg::usvg::Tree::from_str(&render::svg(&d, &style), &Default::default()).unwrap();
        let mut whole = resvg::tiny_skia::Pixmap::new(pm.width(), pm.height()).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut whole.as_mut(),
        );
        let reference = straight(&whole);
        let diffs: Vec<u32> = img
            .rgba
            .iter()
            .zip(&reference)
            .map(|(x, y)| (*x as i32 - *y as i32).unsigned_abs())
            .collect();
        let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
        let big = diffs.iter().filter(|&&d| d > 8).count();
        assert!(
            mean < 0.3 && big * 1000 < diffs.len(),
            "{}: mean {mean}, {big} large differences from the whole-SVG picture",
            d.to_ffen()
        );
    }
}

/// The grey of the hand strips (documented in `render`'s module docs as `#dddddd`).
const HAND: [u8; 4] = [0xdd, 0xdd, 0xdd, 255];

fn crazyhouse(fen: &str) -> Diagram {
    let v = fairyboard_core::catalogue::load("crazyhouse").unwrap();
    Diagram::from_position(&fairyboard_core::Position::from_fen(v, fen).unwrap())
}

/// Crazyhouse with White holding two knights and Black one queen (FEN written by hand):
/// the picture is two squares taller (a strip above for Black, below for White), the held
/// pieces stand in the first cell of their strip, the rest of the strip is bare, and the
/// SVG says the counts.
#[test]
fn hands_are_drawn_beside_the_board_with_counts() {
    let d = crazyhouse("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNq] w KQkq - 0 1");
    let hands = d.hands.as_ref().expect("crazyhouse has holdings");
    let names = |h: &[(fairyboard_render::PieceRef, u32)]| {
        h.iter()
            .map(|(p, n)| (p.name.clone(), *n))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&hands.white), [("knight".to_string(), 2)]);
    assert_eq!(names(&hands.black), [("queen".to_string(), 1)]);

    let style = Style::default();
    let img = Image::decode(&render::png(&d, &style).unwrap());
    assert_eq!((img.width, img.height), (320, 320 + 2 * 40));
    // The board moved down one square: a3 (dark, empty) is now at row 1 + 5.
    assert_eq!(img.count(0, 40 + 5 * 40, 40, |p| p != rgb(style.dark)), 0);
    // White's knight: bottom strip, first cell; mostly white with black outlines (counted
    // in the upper left 26 pixels, clear of the count badge).
    let (w, b) = (
        img.count(0, 360, 26, near_white),
        img.count(0, 360, 26, near_black),
    );
    assert!(
        w > 120 && b > 20,
        "White's hand: {w} white, {b} black pixels"
    );
    // Black's queen: top strip, first cell; mostly black.
    let (w, b) = (
        img.count(0, 0, 26, near_white),
        img.count(0, 0, 26, near_black),
    );
    assert!(
        b > 120 && w < b / 4,
        "Black's hand: {w} white, {b} black pixels"
    );
    // Second cells and beyond: bare strip.
    assert_eq!(img.count(40, 0, 40, |p| p != HAND), 0);
    assert_eq!(img.count(280, 360, 40, |p| p != HAND), 0);
    // The count badge's white disc sits in the lower right corner of a cell, over the held
    // piece: Black's queen there is white where the same queen on d8 (no badge) is not.
    let pure_white = |p: [u8; 4]| p == [255, 255, 255, 255];
    let (badge, plain) = (
        img.count(26, 26, 14, pure_white),
        img.count(120 + 26, 40 + 26, 14, pure_white),
    );
    assert!(
        badge > 80 && plain < 40,
        "{badge} white pixels at the held queen's corner, {plain} at d8's"
    );

    let svg = render::svg(&d, &style);
    assert!(svg.contains("height=\"400\""));
    assert!(svg.contains("<title>White holds 2 knight</title>"), "{svg}");
    assert!(svg.contains("<title>Black holds 1 queen</title>"));
    assert_eq!(svg.matches("class=\"count\"").count(), 2);
    // 30 pieces on the board and 2 held kinds: one <use> each.
    assert_eq!(board_uses(&svg).len(), 32);
}

/// Flipped, White's hand is the top strip.
#[test]
fn flipped_hands_swap_strips() {
    let d = crazyhouse("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNq] w KQkq - 0 1");
    let img = Image::decode(
        &render::png(
            &d,
            &Style {
                flipped: true,
                ..Style::default()
            },
        )
        .unwrap(),
    );
    let (w, b) = (
        img.count(0, 0, 26, near_white),
        img.count(0, 0, 26, near_black),
    );
    assert!(
        w > 150 && w > b,
        "top strip holds White's knight: {w} white, {b} black"
    );
    let (w, b) = (
        img.count(0, 360, 26, near_white),
        img.count(0, 360, 26, near_black),
    );
    assert!(
        b > 120 && w < b / 4,
        "bottom strip holds Black's queen: {w} white, {b} black"
    );
}

/// Empty hands keep the strips (a game's pictures keep one size); a variant without
/// holdings has none.
#[test]
fn strips_depend_on_the_variant_not_the_hands() {
    let start = crazyhouse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    assert_eq!(start.hands, Some(fairyboard_render::Hands::default()));
    let img = Image::decode(&render::png(&start, &Style::default()).unwrap());
    assert_eq!((img.width, img.height), (320, 400));
    assert_eq!(img.count(0, 0, 40, |p| p != HAND), 0);
    let chess = Diagram::from_position(&fairyboard_core::Position::start(
        fairyboard_core::catalogue::load("chess").unwrap(),
    ));
    assert_eq!(chess.hands, None);
    let img = Image::decode(&render::png(&chess, &Style::default()).unwrap());
    assert_eq!((img.width, img.height), (320, 320));
}

/// Shogi: 9 files, pieces in hand written in the FEN's brackets; more kinds than files
/// wrap into a second row of cells.
#[test]
fn shogi_hands_and_wrapping_rows() {
    let v = fairyboard_core::catalogue::load("shogi").unwrap();
    let pos = fairyboard_core::Position::from_fen(
        v,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[PPPSb] w 0 1",
    )
    .unwrap();
    let d = Diagram::from_position(&pos);
    let svg = render::svg(&d, &Style::default());
    for title in [
        "White holds 3 pawn",
        "White holds 1 silver",
        "Black holds 1 bishop",
    ] {
        assert!(svg.contains(&format!("<title>{title}</title>")), "{title}");
    }
    let img = Image::decode(&render::png(&d, &Style::default()).unwrap());
    assert_eq!((img.width, img.height), (360, 360 + 80));

    // Four kinds on a 3-file board: ceil(4 / 3) = 2 rows per strip.
    let mut d = Diagram::parse_ffen("3/3/3").unwrap();
    let p = fairyboard_render::PieceRef::from_letter;
    d.hands = Some(fairyboard_render::Hands {
        white: vec![(p('P'), 1), (p('N'), 1), (p('B'), 1), (p('R'), 5)],
        black: vec![],
    });
    let style = Style {
        square_px: 20,
        ..Style::default()
    };
    let img = Image::decode(&render::png(&d, &style).unwrap());
    assert_eq!((img.width, img.height), (60, 60 + 2 * 2 * 20));
    // White's strip is the bottom 40 pixels; the fourth kind (rook) wraps to its second
    // row, first cell; the cells after it are bare.
    let rook = img.count(0, 120, 20, |p| p != HAND);
    assert!(rook > 60, "{rook} pixels of the rook");
    assert_eq!(img.count(20, 120, 20, |p| p != HAND), 0);
    assert!(img.count(40, 100, 20, |p| p != HAND) > 60, "the bishop");
    // Black's strip (top 40 pixels) is bare.
    assert_eq!(img.count(0, 0, 20, |p| p != HAND), 0);
    assert_eq!(img.count(0, 20, 20, |p| p != HAND), 0);
}
