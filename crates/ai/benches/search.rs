//! Search speed (nodes per second) at fixed depth from start positions, the nps figures
//! in BENCHMARKS.md. Run: `cargo bench -p fairyboard-ai --bench search`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairyboard_ai::{Limits, NoClock, Options, Searcher};
use fairyboard_core::{catalogue, Position};

fn bench(c: &mut Criterion) {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (name, depth) in [
        ("chess", 7),
        ("capablanca", 6),
        ("shatranj", 7),
        ("crazyhouse", 5),
    ] {
        let variant = catalogue::load(name).unwrap();
        // Nodes of one search (deterministic): the throughput unit.
        let nodes = {
            let mut s = Searcher::new(variant.clone(), Options::default());
            let mut pos = Position::start(variant.clone());
            s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock)
                .nodes
        };
        group.throughput(Throughput::Elements(nodes));
        let mut s = Searcher::new(variant.clone(), Options::default());
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| {
                s.clear();
                let mut pos = Position::start(variant.clone());
                s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
