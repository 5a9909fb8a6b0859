//! Diagram rendering speed: Fairy-FEN parsing, SVG generation and PNG rasterising of an
//! 8×8 start position, a crazyhouse position with both hands, and a 16×16 board (40-pixel
//! squares, the `/d` default).
//! Run: `cargo bench -p fairyboard-render`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fairyboard_render::{render, Diagram, Style};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// 16×16: four start positions' worth of pieces, some rotated and neutral.
fn big() -> String {
    let back = "rnbqkbnrrnbqkbnr";
    let pawns = "pppppppppppppppp";
    let mut rows = vec![
        back.to_string(),
        pawns.to_string(),
        "*1N14*2b".to_string(),
        "-Q15".to_string(),
    ];
    rows.extend(std::iter::repeat_n("16".to_string(), 8));
    rows.push("15-q".to_string());
    rows.push("16".to_string());
    rows.push(pawns.to_uppercase());
    rows.push(back.to_uppercase());
    rows.join("/")
}

fn bench(c: &mut Criterion) {
    let style = Style::default();
    let small = Diagram::parse_ffen(START).unwrap();
    let big_text = big();
    let large = Diagram::parse_ffen(&big_text).unwrap();
    c.bench_function("ffen_parse_8x8", |b| {
        b.iter(|| Diagram::parse_ffen(black_box(START)).unwrap())
    });
    c.bench_function("svg_8x8", |b| {
        b.iter(|| render::svg(black_box(&small), &style))
    });
    c.bench_function("png_8x8", |b| {
        b.iter(|| render::png(black_box(&small), &style).unwrap())
    });
    // A drop game: hand strips, held pieces and count badges (the pixmap path).
    let zh = Diagram::from_position(
        &fairyboard_core::Position::from_fen(
            fairyboard_core::catalogue::load("crazyhouse").unwrap(),
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNq] w KQkq - 0 1",
        )
        .unwrap(),
    );
    c.bench_function("png_8x8_hands", |b| {
        b.iter(|| render::png(black_box(&zh), &style).unwrap())
    });
    c.bench_function("png_16x16", |b| {
        b.iter(|| render::png(black_box(&large), &style).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
