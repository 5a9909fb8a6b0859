//! Perft speed on start positions (bulk counting at the leaves), the figures in
//! BENCHMARKS.md. Run: `cargo bench -p fairyboard-core --bench perft`.

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairyboard_core::{catalogue, perft, Position, Variant};

fn variant(name: &str) -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load(name).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    // (variant, depth, FEN from the reference suite or the definition's setup)
    let cases: [(&str, u32, Option<&str>); 5] = [
        ("chess", 4, None),
        (
            "chess",
            4,
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ),
        ("capablanca", 4, None),
        (
            "shogi",
            3,
            Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"),
        ),
        ("xiangqi", 3, None),
    ];
    for (name, depth, fen) in cases {
        let v = variant(name);
        let start = match fen {
            Some(f) => Position::from_fen(v, f).unwrap(),
            None => Position::start(v),
        };
        let nodes = perft::perft(&mut start.clone(), depth);
        let label = if fen.is_some() && name == "chess" {
            "kiwipete".to_string()
        } else {
            name.to_string()
        };
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{label}/{depth}"), |b| {
            let mut pos = start.clone();
            b.iter(|| perft::perft(&mut pos, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
