//! Perft speed on start positions (bulk counting at the leaves), the figures in
//! BENCHMARKS.md. Run: `cargo bench -p fairyboard-core --bench perft`.
//!
//! Each position is also run through the generic generator alone (`perft-generic/...`,
//! the reference the bitboard generator is tested against), so the speed-up of the
//! bitboard generator is measured within one run, whatever the machine's load.

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairyboard_core::{catalogue, perft, MoveList, Position, Variant};

/// Perft by the generic generator only (bulk counting at the leaves, as `perft::perft`).
fn perft_generic(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.count_legal_generic(list) as u64;
    }
    pos.legal_moves_generic_into(list);
    let mut nodes = 0;
    for m in list.iter() {
        let undo = pos.make(m);
        nodes += perft_generic(pos, depth - 1, rest);
        pos.unmake(m, undo);
    }
    nodes
}

fn variant(name: &str) -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load(name).unwrap()
}

fn bench(c: &mut Criterion) {
    // (variant, depth, FEN from the reference suite or the definition's setup)
    let cases: [(&str, u32, Option<&str>); 7] = [
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
        // Multi-path and hopping attackers: the falcon's three-path leaps and the
        // grasshopper, whose attack-table entries once ran the generator.
        ("falcon", 4, None),
        ("grasshopper", 4, None),
    ];
    let runs: Vec<(String, u32, Position, u64)> = cases
        .into_iter()
        .map(|(name, depth, fen)| {
            let v = variant(name);
            let start = match fen {
                Some(f) => Position::from_fen(v, f).unwrap(),
                None => Position::start(v),
            };
            let nodes = perft::perft(&mut start.clone(), depth);
            let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
            assert_eq!(
                perft_generic(&mut start.clone(), depth, &mut lists),
                nodes,
                "{name}: generic and bitboard perft differ"
            );
            let label = if fen.is_some() && name == "chess" {
                "kiwipete".to_string()
            } else {
                name.to_string()
            };
            (label, depth, start, nodes)
        })
        .collect();
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (label, depth, start, nodes) in &runs {
        group.throughput(Throughput::Elements(*nodes));
        group.bench_function(format!("{label}/{depth}"), |b| {
            let mut pos = start.clone();
            b.iter(|| perft::perft(&mut pos, *depth))
        });
    }
    group.finish();
    let mut generic = c.benchmark_group("perft-generic");
    generic
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (label, depth, start, nodes) in &runs {
        generic.throughput(Throughput::Elements(*nodes));
        generic.bench_function(format!("{label}/{depth}"), |b| {
            let mut pos = start.clone();
            let mut lists: Vec<MoveList> =
                (0..*depth).map(|_| MoveList::with_capacity(256)).collect();
            b.iter(|| perft_generic(&mut pos, *depth, &mut lists))
        });
    }
    generic.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
