#!/usr/bin/env bash
# Coverage-guided fuzzing on the stable toolchain: builds fuzz/ with the instrumentation
# cargo-fuzz would add (LLVM's SanitizerCoverage passes that libFuzzer reads; no nightly, no
# cargo-fuzz needed), then runs each target for SECONDS seconds (default 10; CI passes 5, so the
# seven targets make a 35-second smoke) on fuzz/corpus/TARGET, seeded from fuzz/seeds/TARGET.
# A crash, a failed property or a slow input (over 10 s) is saved in fuzz/artifacts/TARGET/
# and fails the run. Prints one line per target: executions, rate, corpus size.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
per=${1:-10}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(betza definition variant fen ffen query api)
# The workspace's lock file: the same dependency versions as the tested code.
[ -f Cargo.lock ] || cp ../Cargo.lock Cargo.lock
triple=$(rustc -vV | sed -n 's/^host: //p')
flags="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
flags="$flags -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table"
flags="$flags -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# --target keeps the flags off build scripts and proc-macros, as cargo-fuzz does.
RUSTFLAGS="$flags" cargo build --quiet --release --target "$triple" --bins
status=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    log=$(mktemp)
    if ! "target/$triple/release/$t" -max_total_time="$per" -timeout=10 -rss_limit_mb=2048 \
        -max_len=512 -print_final_stats=1 -artifact_prefix="artifacts/$t/" \
        "corpus/$t" "seeds/$t" >"$log" 2>&1; then
        status=1
        echo "== $t FAILED:"
        grep -E "ERROR|panicked|Test unit written|SUMMARY" "$log" | head -20
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz $t: ${execs:-?} execs in ${per} s (${rate:-?}/s), corpus $(ls "corpus/$t" | wc -l) inputs"
    rm -f "$log"
done
exit $status
