// The diagram's AI (fairyboard-ai's search, compiled to WebAssembly) in a Web Worker, so the
// page never freezes while it thinks. Receives {definition, line, ms} — `line` as
// Diagram.line() gives it: the record's start as a setup by piece type (not FEN, which merges
// types sharing an ID letter) and its moves, so repetitions count — and answers {move} in
// coordinate notation ('' when there is none).
import init, { Diagram } from './pkg/fairyboard_wasm.js';

// A failed load (no WebAssembly, a blocked request) is answered, not thrown: the diagram
// shows the reason in its box.
const ready = init().then(
  () => null,
  (err) => 'the WebAssembly could not be loaded: ' + (err && err.message ? err.message : err),
);
let cached = { text: null, diagram: null };

self.addEventListener('message', async (e) => {
  const failed = await ready;
  if (failed) {
    self.postMessage({ move: '', error: failed });
    return;
  }
  const { definition, line, ms } = e.data;
  // One diagram per definition: the searcher keeps its tables between moves.
  if (cached.text !== definition) {
    if (cached.diagram) cached.diagram.free();
    cached = { text: definition, diagram: new Diagram(definition) };
  }
  const d = cached.diagram;
  const set = JSON.parse(d.set_line(line));
  if (set.ok === false) {
    self.postMessage({ move: '', error: set.error });
    return;
  }
  const seed = (Math.random() * 0xffffffff) >>> 0;
  self.postMessage({ move: d.think(ms, seed) });
});
