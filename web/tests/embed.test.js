// The diagram on somebody else's site: `fairyboard serve` hosts web/dist/ (built by
// scripts/build-web.sh) and a second local server, on another port and so another origin,
// plays the author's site with the Interactive Diagram's classic include
// `<script src=".../idiagram.js"></script>`. Chromium (Debian's, through playwright-core)
// then needs the server's CORS headers for the modules, the WebAssembly and the art index,
// and the diagram's way of starting its AI worker across origins.
//
// Expected squares are the rules of chess counted by hand (e2: e3 and e4; g1: f3 and h3).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.js';
import { serve, fairyboardServe } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'web');
const CHESS = fs.readFileSync(path.join(root, 'variants', 'chess.txt'), 'utf8');

let browser, serverProcess, host, site, siteDir, siteServer, profile;
let page, problems;

before(async () => {
  assert.ok(fs.existsSync(path.join(root, 'web', 'dist', 'idiagram.js')), 'web/dist (scripts/build-web.sh)');
  fs.mkdirSync(shots, { recursive: true });
  ({ child: serverProcess, url: host } = await fairyboardServe());
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-site-'));
  ({ server: siteServer, url: site } = await serve(siteDir));
  ({ context: browser, profile } = await launch('embed', { width: 1000, height: 1200 }));
});

after(async () => {
  if (browser) await browser.close();
  if (serverProcess) serverProcess.kill();
  if (siteServer) siteServer.close();
  for (const d of [profile, siteDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

afterEach(async (t) => {
  if (page) {
    const name = 'embed-' + t.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true });
    await page.close();
    page = null;
  }
});

const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An author's page on the second origin: the given body, written to the site's folder. */
async function authorPage(name, body, { allowed = () => true } = {}) {
  fs.writeFileSync(path.join(siteDir, name), `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${name}</title></head><body>\n${body}\n</body></html>\n`);
  page = await browser.newPage();
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push('console: ' + m.text());
  });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.route('**/*', (r) => (allowed(r.request().url()) ? r.continue() : r.abort()));
  await page.goto(`${site}/${name}`);
  await page.waitForFunction(() => document.documentElement.dataset.idiagramReady !== undefined, null, { timeout: 20000 });
  return page;
}

const sq = (s) => `.idg-sq[data-square="${s}"]`;
const marks = () => page.$$eval('.idg-sq[data-mark]', (els) => els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort());

/** A working chess board: 32 pieces, hand-counted targets, a move, and the AI's answer. */
async function playsChess() {
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '1');
  assert.notEqual(new URL(page.url()).origin, host, 'the page is on another origin than the diagram');
  assert.equal(await page.$$eval('.idg-board .idg-piece', (e) => e.length), 32);
  await page.click(sq('g1'));
  assert.deepEqual(await marks(), ['f3:move', 'h3:move']);
  await page.click(sq('f3'));
  assert.equal(await page.$eval('.idg-board', (b) => b.dataset.side), 'black');
  // The AI (a worker started across origins) answers as Black.
  await page.click('.idg-ai-link');
  await page.click('.idg-ai-black');
  await page.waitForFunction(() => document.querySelector('.idg-board').dataset.aiMoves === '1', null, { timeout: 20000 });
  assert.equal(await page.$eval('.idg-board', (b) => b.dataset.side), 'white');
  // The art index came across too: the pieces are images, not lettered discs.
  assert.equal(await page.$$eval('.idg-board img.idg-piece', (e) => e.length), 32);
  assert.deepEqual(problems, []);
}

test('the classic include from another origin shows a working board', async () => {
  await authorPage('classic.html', `<p>My page</p>\n<div class="idiagram">${esc(CHESS)}</div>\n<script type="text/javascript" src="${host}/web/dist/idiagram.js"></script>`);
  await playsChess();
});

test('the include may come first, and serves every diagram of the page', async () => {
  const small = 'files=6\nranks=6\nroyal=2\nrook::R::a1\nking::K::d1\n';
  await authorPage('first.html', `<script src="${host}/web/dist/idiagram.js"></script>\n<div class="idiagram">${esc(CHESS)}</div>\n<div class="idiagram">${esc(small)}</div>`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '2');
  assert.deepEqual(await page.$$eval('.idg-board', (bs) => bs.map((b) => b.querySelectorAll('.idg-sq').length)), [64, 36]);
  // The 6x6 rook on a1: up the a-file to a5 (a6 holds Black's rook: a capture) and along
  // rank 1 to c1 (its own king on d1).
  await page.click('.idiagram:nth-of-type(2) ' + sq('a1'));
  assert.deepEqual(await page.$$eval('.idiagram:nth-of-type(2) .idg-sq[data-mark]', (els) => els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort()),
    ['a2:move', 'a3:move', 'a4:move', 'a5:move', 'a6:capture', 'b1:move', 'c1:move']);
  assert.deepEqual(problems, []);
});

test('a definition whose lines a rich-text editor separated by <br> and <p> reads as its lines', async () => {
  // The element's plain text would glue such lines together (`files=8ranks=8`); the
  // Interactive Diagram reads them as lines. The same chess text: every line of it joined by
  // a `<br>` (no newline) in one diagram, wrapped in `<p>` paragraphs with `&nbsp;` for its
  // blanks in the other.
  const lines = CHESS.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const br = lines.map(esc).join('<br>');
  const paragraphs = lines.map((l) => `<p>${esc(l).replace(/ /g, '&nbsp;')}</p>`).join('');
  await authorPage('richtext.html', `<script src="${host}/web/dist/idiagram.js"></script>\n<div class="idiagram">${br}</div>\n<div class="idiagram">${paragraphs}</div>`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '2');
  // Both 8x8 with the 32 pieces of chess, and the g1 knight goes to f3 and h3 (counted by hand).
  assert.deepEqual(await page.$$eval('.idg-board', (bs) => bs.map((b) => [b.querySelectorAll('.idg-sq').length, b.querySelectorAll('.idg-piece').length])), [[64, 32], [64, 32]]);
  for (const n of [1, 2]) {
    await page.click(`.idiagram:nth-of-type(${n}) ` + sq('g1'));
    assert.deepEqual(await page.$$eval(`.idiagram:nth-of-type(${n}) .idg-sq[data-mark]`, (els) => els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort()), ['f3:move', 'h3:move']);
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(problems, []);
});

test('the same file included as a module from another origin works too', async () => {
  await authorPage('module.html', `<div class="idiagram">${esc(CHESS)}</div>\n<script type="module" src="${host}/web/dist/idiagram.js"></script>`);
  await playsChess();
});

test('the Design Wizard\'s HTML pasted into a page on another origin works', async () => {
  const wizard = await browser.newPage();
  await wizard.goto(`${host}/wizard`);
  await wizard.waitForFunction(() => (document.getElementById('html') || {}).value, null, { timeout: 20000 });
  const html = await wizard.$eval('#html', (t) => t.value);
  await wizard.close();
  assert.match(html, /<script src="http:\/\/[^"]+\/web\/dist\/idiagram\.js"><\/script>\n$/);
  await authorPage('wizard.html', `<h1>Pasted</h1>\n${html}`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '1');
  // Whatever the wizard starts with: a board with pieces that highlight their moves.
  const pieces = await page.$$eval('.idg-board .idg-piece', (e) => e.length);
  assert.ok(pieces > 0, 'pieces on the board');
  // Some White piece (in turn) has somewhere to go, and picking it up shows where.
  const white = await page.$$eval('.idg-board .idg-piece[data-color="0"]', (ps) => ps.map((p) => p.closest('.idg-sq').dataset.square));
  let shown = 0;
  for (const s of white) {
    await page.click(sq(s));
    shown = (await marks()).length;
    await page.keyboard.press('Escape');
    if (shown) break;
  }
  assert.ok(shown > 0, 'a picked piece shows its targets');
  assert.deepEqual(problems, []);
});

test('a WebAssembly that does not load leaves a readable message in the diagram box', async () => {
  await authorPage('nowasm.html', `<div class="idiagram">${esc(CHESS)}</div>\n<script src="${host}/web/dist/idiagram.js"></script>`,
    { allowed: (u) => !u.endsWith('.wasm') });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '0');
  const said = await page.$eval('.idiagram .idg-error', (e) => e.textContent);
  assert.match(said, /WebAssembly\) could not be loaded/);
});

test('a missing diagram folder leaves a readable message in the diagram box', async () => {
  await authorPage('nofolder.html', `<div class="idiagram">${esc(CHESS)}</div>\n<script src="${host}/web/dist/idiagram.js"></script>`,
    { allowed: (u) => !u.includes('/dist/lib/') });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.idiagramReady), '0');
  const said = await page.$eval('.idiagram .idg-error', (e) => e.textContent);
  assert.match(said, /The diagram could not be loaded from http:\/\/.*\/dist\/lib\/idiagram\.js/);
});

test('an AI worker that does not load says so in the diagram box; the board stays usable', async () => {
  await authorPage('noworker.html', `<div class="idiagram">${esc(CHESS)}</div>\n<script src="${host}/web/dist/idiagram.js"></script>`,
    { allowed: (u) => !u.endsWith('/ai-worker.js') });
  await page.click('.idg-ai-link');
  await page.click('.idg-ai-now');
  await page.waitForFunction(() => /AI: /.test(document.querySelector('.idg-announce').textContent), null, { timeout: 20000 });
  assert.equal(await page.$eval('.idg-thinking', (e) => e.hidden), true, 'not left "thinking"');
  // "Move now" gave White to the AI; a click takes it back and the human moves.
  await page.click('.idg-ai-white');
  assert.equal(await page.$eval('.idg-ai-white', (b) => b.getAttribute('aria-pressed')), 'false');
  await page.click(sq('e2'));
  await page.click(sq('e4'));
  assert.equal(await page.$eval('.idg-board', (b) => b.dataset.side), 'black');
});
