// The browser part of the compatibility corpus (issue #15): every real definition of
// tests/compat/corpus/ (and of the shared reference set beside the workspace when it is
// there) is put on a page the way an author does it — the definition text inside
// `<div class="idiagram">` and the classic include of web/dist/idiagram.js — and loaded in
// Chromium. For each one a reader must see a board of the definition's files x ranks, the
// pieces the definition places, no red list of problems (at most the small notes link the
// Interactive Diagram's readers never had), marks when a piece that has moves is clicked, and
// a legend naming every piece type.
//
// Where the expected values come from: files/ranks from the definition's `files=`/`ranks=`
// (8 x 8 when absent, the format's default); the piece count from the file's hand-counted
// `# expect-pieces:` header (our corpus), else from the start FEN of the native command line
// (`fairyboard play FILE --moves ""`, the shared set); the squares whose pieces have moves and
// the piece types from the native command line (`moves`, and the rules page's per-type
// "moves at a glance" entries) — the browser's WebAssembly is compared with the native build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { launch } from './browser.js';
import { serve, cli } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'web', 'corpus');

/** The corpus files: ours, then the shared reference set when the workspace has it beside it. */
function corpusFiles() {
  const dirs = [
    [path.join(root, 'tests', 'compat', 'corpus'), ''],
    [path.resolve(root, '..', 'shared', 'reference', 'diagrams'), 'shared/'],
  ];
  const out = [];
  for (const [dir, prefix] of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
      out.push({ name: prefix + f, file: path.join(dir, f) });
    }
  }
  return out;
}

/**
 * The files this run loads: all of them while they fit the time budget (about 1.5 s each on
 * a loaded two-core CI machine), else `SAMPLE` files spread evenly over the name order (the
 * first and the last included) — the same files every run. `CORPUS_ALL=1` loads every file
 * (give node a longer `--test-timeout`, e.g. 600000: the whole file counts against it).
 */
const SAMPLE = 36;
function sample(all) {
  if (process.env.CORPUS_ALL === '1' || all.length <= SAMPLE) return all;
  const picked = new Set();
  for (let i = 0; i < SAMPLE; i++) picked.add(Math.round((i * (all.length - 1)) / (SAMPLE - 1)));
  return all.filter((_, i) => picked.has(i));
}

const ALL = corpusFiles();
const FILES = sample(ALL);

/** `# key: value` header lines of a corpus file. */
function header(text, key) {
  return text.split(/\r?\n/)
    .filter((l) => l.startsWith('#'))
    .map((l) => /^#\s*([^:]+):\s*(.*)$/.exec(l))
    .filter((m) => m && m[1].trim() === key)
    .map((m) => m[2].trim());
}

/** The definition as its page holds it: the text without the corpus file's `#` header. */
function definition(text) {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].startsWith('#')) i++;
  return lines.slice(i).join('\n');
}

/** A whole-number parameter (`files=10`), or the format's default. */
function param(def, key, fallback) {
  const m = new RegExp(`(?:^|\\s)${key}=(\\d+)`).exec(def);
  return m ? +m[1] : fallback;
}

/** Pieces on the board part of a FEN: one per letter (a `+` prefix or a mark after the
 * letter belongs to it); the holdings in `[...]` are not on the board. */
function fenPieces(fen) {
  const board = fen.split(' ')[0].replace(/\[.*$/, '');
  return (board.match(/[A-Za-z]/g) || []).length;
}

/**
 * The piece types a definition declares, read from its text: items `name:ID:move:image:squares`
 * (a sixth field, the hand count, may follow), one or more a line — the stored one-line form
 * holds them all on one line, and names may hold spaces, so an item runs over blank-separated
 * words until it has four `:` and ends with the word holding the fourth. `key=value` words
 * are parameters, and loose words before one belong to the parameter before them. As in the Interactive Diagram's script, a line's leftover with
 * fewer than five fields is no piece, `hole` lines blank squares instead of declaring a type,
 * and a line with neither name nor image declares nothing. A `://` in an image URL is no field
 * separator.
 */
function declaredTypes(def) {
  const types = [];
  for (const line of def.replace(/<br\s*\/?>/gi, ' ').replace(/:\/\//g, '\u0001//').split('\n')) {
    let item = [];
    for (const word of line.trim().split(/\s+/).filter(Boolean)) {
      // A parameter; words gathered before it were the previous parameter's value
      // (`promoChoice=A Q M graphicsDir=…`), not a piece name.
      if (/^\w+=[^:]*$/.test(word) || (!item.length && /^[^:]*=/.test(word))) {
        item = [];
        continue;
      }
      item.push(word);
      const joined = item.join(' ');
      if ((joined.match(/:/g) || []).length < 4) continue;
      const fields = joined.split(':').map((f) => f.trim());
      item = [];
      if (fields[0].toLowerCase() === 'hole') continue;
      if (!fields[0] && !fields[3]) continue;
      types.push(fields[0]);
    }
  }
  return types;
}

const run = (args) => execFileSync(cli(), args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let context, profile, server, base;

before(async () => {
  assert.ok(fs.existsSync(path.join(root, 'web', 'dist', 'idiagram.js')), 'web/dist (scripts/build-web.sh)');
  fs.mkdirSync(shots, { recursive: true });
  ({ server, url: base } = await serve(root));
  ({ context, profile } = await launch('corpus', { width: 1200, height: 1000 }));
});

after(async () => {
  if (context) await context.close();
  if (server) server.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

test('the corpus has definitions to load', () => {
  assert.ok(ALL.filter((f) => !f.name.startsWith('shared/')).length >= 20, `${ALL.length} files`);
  const want = process.env.CORPUS_ALL === '1' ? ALL.length : Math.min(ALL.length, SAMPLE);
  assert.equal(FILES.length, want, `${FILES.length} of ${ALL.length} files sampled`);
});

for (const entry of FILES) {
  test(`corpus ${entry.name} plays in the browser`, async () => {
    const text = fs.readFileSync(entry.file, 'utf8');
    const def = definition(text);
    const files = param(def, 'files', 8);
    const ranks = param(def, 'ranks', 8);

    // The native oracle: start FEN and the legal moves from the start.
    const fen = run(['play', entry.file, '--moves', '']).trim().split('\n')[0];
    const fromSquares = [...new Set(run(['moves', entry.file]).split('\n')
      .filter((m) => m && !m.includes('@'))
      .map((m) => /^([a-z]\d+)/.exec(m)[1]))].sort();
    const types = declaredTypes(def);
    const counted = header(text, 'expect-pieces');
    const expectPieces = counted.length ? +counted[0] : fenPieces(fen);

    const slug = entry.name.replace(/[^a-z0-9]+/gi, '-').replace(/-txt$/, '');
    const url = `${base}/corpus/${slug}.html`;
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push('console: ' + m.text());
    });
    // The author's page, served at a path of its own beside /web/dist/.
    await page.route(url, (r) => r.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${esc(entry.name)}</title></head><body>\n` +
        `<h1>${esc(entry.name)}</h1>\n<div class="idiagram">${esc(def)}</div>\n` +
        '<script type="text/javascript" src="/web/dist/idiagram.js"></script>\n</body></html>\n',
    }));
    try {
      await page.goto(url);
      await page.waitForFunction(() => document.documentElement.dataset.idiagramReady !== undefined, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '1', 'the diagram loaded');

      // The board: files x ranks squares, and the definition's pieces on them.
      assert.equal(await page.$$eval('.idg-board .idg-sq', (e) => e.length), files * ranks, `${files}x${ranks} squares`);
      assert.equal(await page.$$eval('.idg-board .idg-sq .idg-piece', (e) => e.length), expectPieces, 'pieces on the board');

      // No red list for readers of a playable board: nothing visible but the notes link.
      const visible = await page.$$eval('.idg-problems, .idg-error, .idg-problems li', (els) =>
        els.filter((e) => e.offsetParent !== null || e.getClientRects().length > 0).map((e) => e.className + ': ' + e.textContent));
      assert.deepEqual(visible, [], 'no problem list shown');
      const links = await page.$$eval('.idg-notes-link', (els) => els.map((e) => e.getBoundingClientRect()));
      for (const r of links) assert.ok(r.height <= 40, 'the notes link stays small');

      // Clicking a piece of the side to move that the native engine says has moves marks a
      // square: the first and the last such square (sorted), and more when the definition
      // shuffles (the browser's start then differs from the native one).
      const side = await page.$eval('.idg-board', (b) => (b.dataset.side === 'black' ? 1 : 0));
      // Pieces standing on squares (as counted above): a piece node elsewhere in the board
      // (a promotion choice) has no square.
      const mine = await page.$$eval(`.idg-board .idg-sq .idg-piece[data-color="${side}"]`, (ps) =>
        ps.map((p) => p.closest('.idg-sq').dataset.square));
      const shuffled = /(?:^|\s)shuffle=/.test(def);
      const candidates = shuffled
        ? mine.sort()
        : [fromSquares[0], fromSquares[fromSquares.length - 1]].filter((s, i, a) => s && a.indexOf(s) === i);
      let clicked = 0;
      for (const s of candidates) {
        if (!mine.includes(s)) continue;
        await page.click(`.idg-sq[data-square="${s}"]`);
        const marked = await page.$$eval('.idg-board .idg-sq[data-mark]', (els) => els.map((e) => e.dataset.square));
        await page.keyboard.press('Escape');
        if (shuffled && marked.length === 0) continue;
        assert.ok(marked.length > 0, `clicking ${s} marks a square`);
        clicked++;
        if (shuffled) break;
      }
      if (fromSquares.length) assert.ok(clicked > 0, `a piece with moves was clicked (${candidates.join(' ')})`);

      // The legend lists every piece type the definition declares, named as declared.
      const legend = await page.$$eval('.idg-legend .idg-legend-row .idg-legend-name', (els) => els.map((e) => e.textContent.trim()));
      assert.ok(types.length > 0, 'the definition declares piece types');
      assert.equal(legend.length, types.length, `legend rows (${legend.join(', ')}) for ${types.join(', ')}`);
      types.forEach((name, i) => {
        if (name) assert.equal(legend[i].toLowerCase(), name.toLowerCase(), `legend row ${i + 1}`);
      });

      assert.deepEqual(problems, [], 'no page errors');
    } catch (err) {
      await page.screenshot({ path: path.join(shots, slug + '.png'), fullPage: true }).catch(() => {});
      throw err;
    } finally {
      await page.close();
    }
  });
}
