// Perft in the browser engine, run by Node: the WASM of web/pkg/ (scripts/build-web.sh)
// counts the leaf nodes of a variant's move tree from its start position, and prints the
// count and the best wall time of a few runs. One untimed run goes first: V8 compiles
// WebAssembly in tiers (a quick baseline at once, optimised code for the functions that turn
// out hot), and a diagram on a page runs warm, as the timed runs then do.
//   usage: node tools/wasm_perft.mjs VARIANT_FILE DEPTH [RUNS]
// One line out: `nodes N ms T` (T the fastest of RUNS, default 3). tools/wasm_vs_native.sh
// sets it beside the native `fairyboard perft`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [file, depthText, runsText = '3'] = process.argv.slice(2);
const depth = Number(depthText);
const runs = Number(runsText);
if (!file || !Number.isInteger(depth) || depth < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node tools/wasm_perft.mjs VARIANT_FILE DEPTH [RUNS]');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'web', 'pkg');
// The --target web build fetches its .wasm by URL; Node hands it the bytes instead.
const { default: init, Diagram } = await import(path.join(pkg, 'fairyboard_wasm.js'));
await init({ module_or_path: fs.readFileSync(path.join(pkg, 'fairyboard_wasm_bg.wasm')) });

const d = new Diagram(fs.readFileSync(file, 'utf8'));
let nodes = d.perft(depth);
let best = Infinity;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  nodes = d.perft(depth);
  best = Math.min(best, performance.now() - t0);
}
console.log(`nodes ${nodes} ms ${best.toFixed(0)}`);
