// The served website in real Chromium: the `fairyboard serve` binary on a free loopback
// port, its home page, a variant page (live diagram, rules, definition), a rules page's
// "moves at a glance", the Fairy-FEN editor and a `/d` image, each with a screenshot in
// artifacts/site/ and no console errors.
//
// Expected values come from outside the server: the files in variants/ (one card per
// definition, the definition text shown verbatim), piece counts of the start positions of
// chess (32) and shogi (40) and a knight's 8 leaps from a central square, counted by hand,
// and image sizes from the layout rule documented in crates/render/src/render.rs
// (files × square size, plus half a square of coordinate margin, plus one square-high hand
// strip above and below for a game with holdings).
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.js';
import { fairyboardServe } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'site');

let browser, serverProcess, base, profile;
let page, problems;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  ({ child: serverProcess, url: base } = await fairyboardServe());
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/, 'listens on loopback');
  ({ context: browser, profile } = await launch('site', { width: 1200, height: 1400 }));
});

after(async () => {
  if (browser) await browser.close();
  if (serverProcess) serverProcess.kill();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

beforeEach(async () => {
  problems = [];
  page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
});

afterEach(async () => {
  await page.close();
  assert.deepEqual(problems, [], 'no console errors, page errors or failed requests');
});

async function shot(name) {
  await page.screenshot({ path: path.join(shots, name), fullPage: true });
}

/** Natural size of an image once it has loaded. */
async function imageSize(selector) {
  await page.waitForFunction(
    (s) => { const i = document.querySelector(s); return i && i.complete && i.naturalWidth > 0; },
    selector, { timeout: 20000 });
  return page.$eval(selector, (i) => [i.naturalWidth, i.naturalHeight]);
}

test('home: a card with a thumbnail per definition, and the search box filters', async () => {
  const definitions = fs.readdirSync(path.join(root, 'variants')).filter((f) => f.endsWith('.txt'));
  const resp = await page.goto(base + '/');
  assert.equal(resp.status(), 200);
  const hrefs = await page.$$eval('#cards li a', (as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(hrefs.slice().sort(), definitions.map((f) => '/variants/' + f.slice(0, -4)).sort());
  // The chess thumbnail: /d at 24-pixel squares, 8 × 24 = 192 pixels square.
  const chess = '#cards li a[href="/variants/chess"] img';
  await page.$eval(chess, (i) => i.scrollIntoView());
  assert.deepEqual(await imageSize(chess), [192, 192]);
  // Every thumbnail loads once scrolled to (they are lazy).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => [...document.querySelectorAll('#cards img')]
    .every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 60000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('home.png');

  const visible = () => page.$$eval('#cards li:not([hidden]) a', (as) => as.map((a) => a.getAttribute('href')));
  await page.fill('#search', 'shogi');
  const shogi = definitions.filter((f) => f.includes('shogi')).map((f) => '/variants/' + f.slice(0, -4));
  assert.ok(shogi.length >= 2, 'shogi and minishogi are in the catalogue');
  const shown = await visible();
  for (const h of shogi) assert.ok(shown.includes(h), `${h} shown for "shogi"`);
  assert.ok(!shown.includes('/variants/chess'), 'chess hidden for "shogi"');
  assert.equal(await page.isVisible('#none'), false);
  await shot('home-search.png');
  await page.fill('#search', 'no such game zzz');
  assert.deepEqual(await visible(), []);
  assert.equal(await page.isVisible('#none'), true, 'the "No variant matches" line');
  await page.fill('#search', '');
  assert.equal((await visible()).length, definitions.length);
});

test('/variants/chess: live diagram with 32 pieces, rules, the definition verbatim', async () => {
  const resp = await page.goto(base + '/variants/chess');
  assert.equal(resp.status(), 200);
  await page.waitForFunction(() => document.querySelectorAll('.idiagram .idg-board .idg-sq').length === 64,
    null, { timeout: 30000 });
  assert.equal(await page.$$eval('.idiagram .idg-board .idg-sq .idg-piece', (e) => e.length), 32);
  // Rules: setup picture, moves at a glance, piece table with the six chess pieces.
  assert.ok(await page.isVisible('.fbr .fbr-board svg'));
  assert.equal(await page.textContent('#fbr-glance'), 'Moves at a glance');
  assert.equal(await page.$$eval('.fbr-pieces tr td:nth-child(2) a', (e) => e.length), 6);
  const definition = fs.readFileSync(path.join(root, 'variants', 'chess.txt'), 'utf8');
  assert.equal((await page.textContent('pre.definition')).trim(), definition.trim());
  await shot('variant-chess.png');
});

test('a rules page: shogi with holdings; a knight glance shows 8 leaps', async () => {
  const resp = await page.goto(base + '/variants/shogi');
  assert.equal(resp.status(), 200);
  await page.waitForFunction(() => document.querySelectorAll('.idiagram .idg-board .idg-piece').length === 40,
    null, { timeout: 30000 });
  assert.ok(await page.isVisible('#fbr-holdings'), 'a Holdings section');
  // King, rook, bishop, gold, silver, knight, lance, pawn at least (promoted kinds too).
  assert.ok(await page.$$eval('.fbr-pieces tr', (e) => e.length) >= 8 + 1);
  await shot('rules-shogi.png');

  await page.goto(base + '/variants/chess');
  // Nothing chosen: no glance shown.
  assert.equal(await page.$$eval('.fbr-glance', (e) => e.filter((g) => getComputedStyle(g).display !== 'none').length), 0);
  await page.click('.fbr-names a:text-is("knight")');
  const glance = '.fbr-glance:target';
  await page.waitForSelector(glance, { state: 'visible' });
  assert.match(await page.textContent(glance + ' h4'), /knight/i);
  assert.equal(await page.$$eval(glance + ' svg .mk', (e) => e.length), 8, "a knight's 8 leaps");
  await page.$eval(glance, (g) => g.scrollIntoView());
  await shot('rules-knight-glance.png');
});

test('/editor: typing a Fairy-FEN redraws the image; a bad one names the place', async () => {
  const resp = await page.goto(base + '/editor');
  assert.equal(resp.status(), 200);
  // Default: chess start, 40-pixel squares, coordinates: 8 × 40 + 20 = 340.
  assert.deepEqual(await imageSize('#img'), [340, 340]);
  const before = await page.getAttribute('#img', 'src');
  await page.fill('#ff', '55/55/55/55/4*1N5/55/55/55/55/K8k');
  await page.waitForFunction((b) => document.getElementById('img').src !== b, before, { timeout: 20000 });
  // Runs are one digit each, as the PHP diagrammer reads them: 55 is ten empty squares,
  // so 10 files: 10 × 40 + 20 = 420.
  assert.deepEqual(await imageSize('#img'), [420, 420]);
  assert.match(await page.inputValue('#link'), /\/d\?ff=55\/55\/55\/55\/4\*1N5\/55\/55\/55\/55\/K8k&coords=1$/);
  assert.equal(await page.textContent('#error'), '');
  await shot('editor.png');

  // A row of 9 on an 8-wide board: a 400 with the parameter and character named. The
  // failed fetch is the expected outcome here, not a problem of the page.
  await page.fill('#ff', '8/8/9');
  await page.waitForFunction(() => document.getElementById('error').textContent !== '', null, { timeout: 20000 });
  assert.match(await page.textContent('#error'), /^ff: at character \d+/);
  problems = problems.filter((p) => !/\b400\b/.test(p));
});

test('/d: a Fairy-FEN as PNG, and a crazyhouse position with both hands', async () => {
  let resp = await page.goto(base + '/d?ff=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.equal(resp.status(), 200);
  assert.equal(resp.headers()['content-type'], 'image/png');
  assert.deepEqual(await imageSize('img'), [320, 320]);
  await shot('d-chess.png');
  const fen = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNq] w KQkq - 0 1';
  resp = await page.goto(base + '/d?variant=crazyhouse&fen=' + encodeURIComponent(fen));
  assert.equal(resp.status(), 200);
  // Two hand strips of one 40-pixel row each: 320 + 2 × 40.
  assert.deepEqual(await imageSize('img'), [320, 400]);
  await shot('d-crazyhouse-hands.png');
});

test('variant pages fit a phone: no sideways scrolling at 390 px, the board still plays', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Boards of 8, 9 and 10 files with 50-pixel squares are 400-520 px wide at their
  // definition's size: wider than the phone.
  for (const name of ['chess', 'xiangqi', 'shogi', 'grand']) {
    const resp = await page.goto(base + '/variants/' + name);
    assert.equal(resp.status(), 200);
    await page.waitForFunction(() => Number(document.documentElement.dataset.idiagramReady) > 0, null, { timeout: 20000 });
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll <= width, `${name}: the page is ${scroll} px wide in a ${width} px window`);
    const board = await page.$eval('.idg-board', (b) => b.getBoundingClientRect().right);
    assert.ok(board <= width, `${name}: the board ends at ${board} px`);
  }
  await shot('variant-grand-phone.png');
  // Chess at phone size: picking up the e2 pawn still marks e3 and e4 (the FIDE pawn).
  await page.goto(base + '/variants/chess');
  await page.waitForFunction(() => Number(document.documentElement.dataset.idiagramReady) > 0, null, { timeout: 20000 });
  await page.click('.idg-sq[data-square="e2"]');
  const marked = await page.$$eval('.idg-sq[data-mark]', (s) => s.map((e) => e.dataset.square).sort());
  assert.ok(marked.includes('e3') && marked.includes('e4'), 'e3 and e4 marked: ' + marked);
});
