//! Tab-separated measured statistics of every piece of the named variants (catalogue names
//! or definition files), for fitting the value formula.
use fairyboard_core::{catalogue, value};

fn main() {
    for name in std::env::args().skip(1) {
        let v = catalogue::load(&name).unwrap();
        let m = value::measure(&v);
        for (t, p) in v.pieces.iter().enumerate() {
            let s = &m.stats[t];
            println!(
                "{name}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{}x{}\t{:.3}\t{:.3}\t{:.3}\t{}",
                p.id, p.betza.replace('\t', " "), m.values[t], s.mobility, s.empty_mobility, s.reach, s.backward,
                s.targets, s.longest, s.promotes, s.step_share, s.centre_mobility, s.sideways, s.reach2, v.geometry.files, v.geometry.ranks, s.capture_share, s.empty_capture_share, s.leap_share, s.neighbours
            );
        }
    }
}
