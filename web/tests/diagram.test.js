// Browser tests of the web diagram in real Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser is downloaded). Expected squares are counted by hand from the
// rules of chess and the Lion's move (two king steps); see each test.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'web');

let browser, server, base, profile;
let page, problems;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  ({ server, url: base } = await serve(root));
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-chromium-'));
  // A fresh profile each run (Playwright passes it to Chromium as --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1100, height: 1400 },
    hasTouch: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** Open a page and wait until every diagram is built; console errors are collected. */
async function open(rel) {
  page = await browser.newPage();
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push('console: ' + m.text());
  });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(base + rel);
  await page.waitForFunction(() => document.documentElement.dataset.idiagramReady, null, { timeout: 20000 });
  return page;
}

afterEach(async (t) => {
  if (page) {
    const name = t.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true });
    await page.close();
    page = null;
  }
  assert.deepEqual(problems, [], 'no console errors');
});

const sq = (d, s) => `#${d} .idg-sq[data-square="${s}"]`;

/** Highlighted squares of a diagram as sorted "square:kind". */
async function marks(d) {
  return page.$$eval(`#${d} .idg-sq[data-mark]`, (els) =>
    els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort());
}

async function pieceAt(d, s) {
  return page.$eval(sq(d, s), (e) => {
    const p = e.querySelector('.idg-piece');
    return p ? { piece: +p.dataset.piece, color: +p.dataset.color } : null;
  });
}

async function pieceCount(d) {
  return page.$$eval(`#${d} .idg-board .idg-sq .idg-piece`, (els) => els.length);
}

async function side(d) {
  return page.$eval(`#${d} .idg-board`, (e) => e.dataset.side);
}

/** Replay a game record in a diagram as a user pasting it would (the record box). */
async function paste(d, text) {
  await page.click(`#${d} .idg-ai-link`);
  await page.fill(`#${d} .idg-record`, text);
  await page.click(`#${d} .idg-ai-replay`);
  const said = await page.$eval(`#${d} .idg-announce`, (e) => e.textContent);
  assert.doesNotMatch(said, /no such move/, `replaying ${text}`);
  // Close the bar again so the engine does not answer the test's own moves.
  await page.click(`#${d} .idg-ai-link`);
}

test('chess renders 64 squares and 32 pieces', async () => {
  await open('/web/demo.html');
  assert.equal(await page.$$eval('#chess .idg-sq', (e) => e.length), 64);
  assert.equal(await pieceCount('chess'), 32);
  // The 10x8 Lion board next to it: 80 squares, 21 pieces of each side.
  assert.equal(await page.$$eval('#lion .idg-sq', (e) => e.length), 80);
  assert.equal(await pieceCount('lion'), 42);
  // Coordinates from firstRank=1.
  const coords = await page.$$eval('#chess .idg-coord', (e) => e.map((x) => x.textContent));
  assert.deepEqual(coords.slice(0, 8), ['1', '2', '3', '4', '5', '6', '7', '8']);
  assert.deepEqual(coords.slice(8), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
});

test('clicking e2 highlights exactly e3 and e4', async () => {
  await open('/web/demo.html');
  await page.click(sq('chess', 'e2'));
  assert.deepEqual(await marks('chess'), ['e3:move', 'e4:move']);
});

test('click-click e2-e4 moves the pawn and passes the turn', async () => {
  await open('/web/demo.html');
  assert.equal(await side('chess'), 'white');
  await page.click(sq('chess', 'e2'));
  await page.click(sq('chess', 'e4'));
  assert.deepEqual(await pieceAt('chess', 'e4'), { piece: 0, color: 0 });
  assert.equal(await pieceAt('chess', 'e2'), null);
  assert.equal(await side('chess'), 'black');
  assert.deepEqual(await marks('chess'), []);
});

test('an illegal click does nothing', async () => {
  await open('/web/demo.html');
  await page.click(sq('chess', 'e2'));
  await page.click(sq('chess', 'e5'));
  assert.deepEqual(await pieceAt('chess', 'e2'), { piece: 0, color: 0 });
  assert.equal(await pieceAt('chess', 'e5'), null);
  assert.equal(await side('chess'), 'white');
  assert.equal(await pieceCount('chess'), 32);
  // Black may not move first in rules mode.
  await page.click(sq('chess', 'e7'));
  await page.click(sq('chess', 'e5'));
  assert.deepEqual(await pieceAt('chess', 'e7'), { piece: 0, color: 1 });
});

test('drag and drop moves a knight', async () => {
  await open('/web/demo.html');
  const from = await page.$(sq('chess', 'g1'));
  const to = await page.$(sq('chess', 'f3'));
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  assert.deepEqual(await pieceAt('chess', 'f3'), { piece: 1, color: 0 });
  assert.equal(await pieceAt('chess', 'g1'), null);
  assert.equal(await side('chess'), 'black');
});

test('touch: tap-tap and a touch drag move pieces', async () => {
  await open('/web/demo.html');
  const centre = async (s) => {
    const b = await (await page.$(sq('chess', s))).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  let a = await centre('d2');
  let b = await centre('d4');
  await page.touchscreen.tap(a.x, a.y);
  assert.deepEqual(await marks('chess'), ['d3:move', 'd4:move']);
  await page.touchscreen.tap(b.x, b.y);
  assert.deepEqual(await pieceAt('chess', 'd4'), { piece: 0, color: 0 });
  // Black answers by dragging a finger from g8 to f6.
  a = await centre('g8');
  b = await centre('f6');
  const cdp = await browser.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', a);
  for (let k = 1; k <= 8; k++) await touch('touchMove', { x: a.x + ((b.x - a.x) * k) / 8, y: a.y + ((b.y - a.y) * k) / 8 });
  await touch('touchEnd');
  assert.deepEqual(await pieceAt('chess', 'f6'), { piece: 1, color: 1 });
  assert.equal(await pieceAt('chess', 'g8'), null);
  assert.equal(await side('chess'), 'white');
});

test('a Lion double move is entered by its intermediate square, then the final one', async () => {
  await open('/web/demo.html');
  // Lions to e4 and e5 (adjacent), then White's Lion takes e5 and steps on to e6.
  await paste('lion', 'e3e4 e6e5');
  assert.deepEqual(await pieceAt('lion', 'e5'), { piece: 8, color: 1 });
  await page.click(sq('lion', 'e4'));
  await page.click(sq('lion', 'e5'));
  // Inside the move: e5 itself (stop there) and the squares a second king step from e5
  // reaches (d4 e4 f4 d5 f5 d6 e6 f6; e4 is the Lion's own square: capture and return).
  const inside = await marks('lion');
  assert.deepEqual(inside, [
    'd4:move', 'd5:move', 'd6:move', 'e4:move', 'e5:stop', 'e6:move', 'f4:move', 'f5:move', 'f6:move',
  ]);
  await page.click(sq('lion', 'e6'));
  assert.deepEqual(await pieceAt('lion', 'e6'), { piece: 8, color: 0 });
  assert.equal(await pieceAt('lion', 'e5'), null);
  assert.equal(await pieceAt('lion', 'e4'), null);
  const blackLions = await page.$$eval('#lion .idg-piece[data-piece="8"][data-color="1"]', (e) => e.length);
  assert.equal(blackLions, 0);
  assert.match(await page.inputValue('#lion .idg-record'), /Lxe5-e6/);
});

test('promotion offers the choice and plays the chosen piece', async () => {
  await open('/web/demo.html');
  await paste('chess', '1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7');
  assert.deepEqual(await pieceAt('chess', 'b7'), { piece: 0, color: 0 });
  await page.click(sq('chess', 'b7'));
  await page.click(sq('chess', 'a8'));
  const choices = await page.$$eval('#chess .idg-chooser .idg-choice', (e) => e.map((x) => x.dataset.choice).sort());
  assert.deepEqual(choices, ['B', 'N', 'Q', 'R']);
  await page.click('#chess .idg-chooser .idg-choice[data-choice="N"]');
  assert.deepEqual(await pieceAt('chess', 'a8'), { piece: 1, color: 0 });
  assert.equal(await side('chess'), 'black');
  assert.match(await page.inputValue('#chess .idg-record'), /bxa8=N/);
});

test('the piece table shows a lone knight with its moves; a board click restores', async () => {
  await open('/web/demo.html');
  await page.click('#chess .idg-legend-link');
  await page.click('#chess .idg-legend-row[data-piece="1"] .idg-legend-name a');
  // Knight on d4 (the middle of 8x8): b3 b5 c2 c6 e2 e6 f3 f5, moving or capturing.
  assert.equal(await pieceCount('chess'), 1);
  assert.deepEqual(await pieceAt('chess', 'd4'), { piece: 1, color: 0 });
  assert.deepEqual(await marks('chess'), [
    'b3:both', 'b5:both', 'c2:both', 'c6:both', 'e2:both', 'e6:both', 'f3:both', 'f5:both',
  ]);
  await page.click(sq('chess', 'h8'));
  assert.equal(await pieceCount('chess'), 32);
  assert.deepEqual(await marks('chess'), []);
});

test('ShowMoves from a satellite shows the Lion, and hovering a victim square changes the diagram', async () => {
  await open('/web/demo.html');
  await page.click('.show-lion');
  // Lion on e4 of 10x8: all 24 squares within two king steps; the 8 adjacent ones also
  // react to hovering (a piece there can be captured on the way: igui and double captures).
  const m = await marks('lion');
  assert.equal(m.length, 24);
  assert.equal(m.filter((x) => x.endsWith('both+hover')).length, 8);
  assert.ok(m.includes('d3:both+hover') && m.includes('c2:both'));
  // Hover d5: an enemy pawn appears there; the Lion can capture it and return to e4.
  await page.hover(sq('lion', 'd5'));
  assert.deepEqual(await pieceAt('lion', 'd5'), { piece: 0, color: 1 });
  const hovered = await marks('lion');
  assert.ok(hovered.includes('e4:hop') || hovered.includes('e4:move'), hovered.join(' '));
  assert.ok(hovered.includes('d5:capture'), hovered.join(' '));
  // The piece list satellite names every piece.
  const items = await page.$$eval('#demoList li', (e) => e.map((x) => x.textContent));
  assert.equal(items.length, 9);
  assert.equal(items[8], 'e3: Lion (KNADcaKcabKmabK)');
  // And the piece table satellite is filled.
  assert.equal(await page.$$eval('#demoTable .idg-legend-row', (e) => e.length), 9);
});

test('a pasted game replays to its final position', async () => {
  await open('/web/demo.html');
  await paste('chess', '1. f3 e5 2. g4 Qh4#');
  assert.deepEqual(await pieceAt('chess', 'h4'), { piece: 4, color: 1 });
  assert.equal(await page.$eval('#chess .idg-status', (e) => e.textContent), '0-1 (checkmate)');
  assert.match(await page.$eval('#chess .idg-announce', (e) => e.textContent), /0-1 by checkmate/);
  // Back to the start and forward again with the buttons of the AI bar.
  await page.click('#chess .idg-ai-link');
  await page.click('#chess .idg-ai-start');
  assert.equal(await pieceCount('chess'), 32);
  assert.deepEqual(await pieceAt('chess', 'd8'), { piece: 4, color: 1 });
  await page.click('#chess .idg-ai-end');
  assert.deepEqual(await pieceAt('chess', 'h4'), { piece: 4, color: 1 });
});

test('the AI answers a move with a legal move of the other side', async () => {
  await open('/web/demo.html');
  await page.click('#chess .idg-ai-link');
  await page.click(sq('chess', 'e2'));
  const t0 = Date.now();
  await page.click(sq('chess', 'e4'));
  await page.waitForFunction(() => document.querySelector('#chess .idg-board').dataset.aiMoves === '1', null, { timeout: 10000 });
  // One second to think (the diagram's default), plus start-up of the worker.
  assert.ok(Date.now() - t0 < 4000, `answered after ${Date.now() - t0} ms`);
  assert.equal(await side('chess'), 'white');
  const record = await page.inputValue('#chess .idg-record');
  // "1. e4 <black's reply>": the reply was played through the rules engine, so legal.
  assert.match(record, /^1\. e4 \S+$/);
});

test('drops from the holdings table (crazyhouse)', async () => {
  await open('/web/tests/pages/variant.html?src=/variants/crazyhouse.txt&name=crazyhouse');
  await paste('v', '1. e4 d5 2. exd5 Qxd5');
  await page.click('#v .idg-legend-link');
  // White holds the pawn taken on d5.
  const cell = '#v .idg-legend-row[data-piece="0"] .idg-hand[data-color="0"]';
  assert.equal(await page.$eval(cell + ' .idg-hand-count', (e) => e.textContent), '1');
  const a = await (await page.$(cell + ' .idg-piece')).boundingBox();
  const b = await (await page.$(sq('v', 'e6'))).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Picking it up highlights the 33 empty squares of ranks 2-7 (hand-counted: rank 2 has
  // e2, ranks 3-6 have 32 squares less the queen on d5, rank 7 has d7).
  assert.equal((await marks('v')).length, 33);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  assert.deepEqual(await pieceAt('v', 'e6'), { piece: 0, color: 0 });
  assert.equal(await side('v'), 'black');
});

test("the seed's own demo definition, verbatim: its missing images fall back, Lions drop from hand", async () => {
  // Its images are on chessvariants.com's /membergraphics/, which this server does not have:
  // those requests 404 (Chromium reports each on the console), and nothing else may fail.
  const missing = [];
  await open('/web/tests/pages/seed-demo.html');
  await page.waitForLoadState('networkidle');
  // The 404s so far were reported on the console; collect what failed from the page's view.
  for (const e of await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.responseStatus >= 400).map((r) => r.name))) missing.push(e);
  assert.ok(missing.every((u) => u.includes('/membergraphics/MSinteractivedia/')), missing.join(' '));
  // files=10, ranks by default 8; 10 pawns and 10 pieces a side (hand-counted from the line).
  assert.equal(await page.$$eval('#seed .idg-sq', (e) => e.length), 80);
  assert.equal(await pieceCount('seed'), 40);
  // Every piece shows a loaded picture (fairyboard's art) or a lettered disc, never a broken
  // image.
  const broken = await page.$$eval('#seed .idg-board img.idg-piece',
    (els) => els.filter((i) => !(i.complete && i.naturalWidth > 0)).length);
  assert.equal(broken, 0);
  // The pieceTable satellite: nine types, and the Lion (the ninth) held twice by each side.
  const rows = '#demoTable .idg-legend-row';
  assert.equal(await page.$$eval(rows, (e) => e.length), 9);
  const held = (c) => page.$eval(`${rows}[data-piece="8"] .idg-hand[data-color="${c}"] .idg-hand-count`,
    (e) => e.textContent);
  assert.equal(await held(0), '2');
  assert.equal(await held(1), '2');
  // White drops a Lion: it may go to any of the 40 empty squares (ranks 3-6), and lands on e4.
  const a = await (await page.$(`${rows}[data-piece="8"] .idg-hand[data-color="0"] .idg-piece`)).boundingBox();
  const b = await (await page.$(sq('seed', 'e4'))).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  assert.equal((await marks('seed')).length, 40);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  assert.deepEqual(await pieceAt('seed', 'e4'), { piece: 8, color: 0 });
  // The Lion has no picture anywhere: a lettered disc (once its image's 404 has come back),
  // as big as the pictures (a circle filling most of its 36-pixel square, not a sliver in a
  // corner).
  await page.waitForSelector(sq('seed', 'e4') + ' .idg-piece.idg-disc');
  const lion = await (await page.$(sq('seed', 'e4') + ' .idg-piece')).boundingBox();
  const knight = await (await page.$(sq('seed', 'b1') + ' .idg-piece')).boundingBox();
  assert.ok(lion.width >= 25 && Math.abs(lion.width - lion.height) < 1, JSON.stringify(lion));
  assert.ok(Math.abs(lion.width - 0.8 * knight.width) < 2, JSON.stringify([lion, knight]));
  assert.equal(await held(0), '1');
  assert.equal(await side('seed'), 'black');
  // Chromium's console lines for those 404s (checked above to be /membergraphics/ only).
  problems = problems.filter((p) => !/Failed to load resource: .*404/.test(p));
});

test('a hostile, odd definition shows as text, with its notes behind a link', async () => {
  await open('/web/tests/pages/bad.html');
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.equal(await page.$$eval('#bad img[src="x"]', (e) => e.length), 0);
  await page.click('#bad .idg-legend-link');
  const name = await page.$eval('#bad .idg-legend-row[data-piece="0"] .idg-legend-name', (e) => e.textContent);
  assert.equal(name, '<img src=x onerror="window.__xss=1">');
  const errors = await page.$$eval('#bad .idg-problems li', (e) => e.map((x) => x.textContent));
  assert.ok(errors.some((t) => t.includes("warrior")), errors.join('\n'));
  // It is playable (the warrior's odd move is skipped, as the original does): readers see a
  // small "⚠ 3 notes" link (three skipped characters of 'zz9!'); the list opens on a click.
  assert.equal(await page.$eval('#bad .idg-notes-link', (e) => e.textContent), '\u26a0 3 notes');
  assert.equal(await page.$eval('#bad .idg-problems', (e) => e.hidden), true);
  await page.click('#bad .idg-notes-link');
  assert.equal(await page.$eval('#bad .idg-problems', (e) => e.hidden), false);
  // The board it could build is still there: 36 squares, 6 pieces.
  assert.equal(await page.$$eval('#bad .idg-sq', (e) => e.length), 36);
  assert.equal(await pieceCount('bad'), 6);
});

test('free mode: out of turn, and anywhere', async () => {
  await open('/web/demo.html');
  await page.check('#chess .idg-free input');
  // Black first (no turn order), then the a1 rook straight to h5 over everything.
  await page.click(sq('chess', 'e7'));
  await page.click(sq('chess', 'e5'));
  assert.deepEqual(await pieceAt('chess', 'e5'), { piece: 0, color: 1 });
  await page.click(sq('chess', 'a1'));
  await page.click(sq('chess', 'h5'));
  assert.deepEqual(await pieceAt('chess', 'h5'), { piece: 3, color: 0 });
  assert.equal(await pieceAt('chess', 'a1'), null);
  // Back to rules mode: the same kind of jump is refused.
  await page.uncheck('#chess .idg-free input');
  await page.click(sq('chess', 'h1'));
  await page.click(sq('chess', 'h4'));
  assert.deepEqual(await pieceAt('chess', 'h1'), { piece: 3, color: 0 });
});

test('shogi promotion in the zone: promote or defer', async () => {
  await open('/web/tests/pages/variant.html?src=/variants/shogi.txt&name=shogi');
  await paste('v', 'c3c4 g7g6');
  await page.click(sq('v', 'b2'));
  await page.click(sq('v', 'g7'));
  const choices = await page.$$eval('#v .idg-chooser .idg-choice', (e) => e.map((x) => x.dataset.choice).sort());
  // The bishop may stay a bishop or become a horse (shogi's optional promotion).
  assert.deepEqual(choices, ['H', 'defer']);
  await page.click('#v .idg-chooser .idg-choice[data-choice="defer"]');
  assert.deepEqual(await pieceAt('v', 'g7'), { piece: 4, color: 0 });
});

test('Restart shuffles and the record number replays the same start', async () => {
  await open('/web/tests/pages/variant.html?src=/web/tests/pages/chess960.txt&name=chess960');
  await page.click('#v .idg-ai-link');
  await page.click('#v .idg-ai-restart');
  const record = await page.inputValue('#v .idg-record');
  assert.match(record, /^\{\d+\}$/);
  const fen = await page.$eval('#v .idg-board', (e) => e.dataset.fen);
  const rank1 = fen.split('/')[7].split(' ')[0];
  // King between the rooks, bishops on both shades.
  assert.match(rank1, /^[^K]*R[^K]*K[^R]*R[^R]*$/);
  const b = [...rank1].flatMap((c, i) => (c === 'B' ? [i % 2] : []));
  assert.deepEqual(b.sort(), [0, 1]);
  await page.click('#v .idg-ai-restart');
  await page.fill('#v .idg-record', record);
  await page.click('#v .idg-ai-replay');
  assert.equal(await page.$eval('#v .idg-board', (e) => e.dataset.fen), fen);
});

test('display parameters: size, shades, transparency, holes, rim, coordinates, borders, background, markers', async () => {
  await open('/web/tests/pages/appearance.html');
  const style = (s, prop, pseudo) => page.$eval(sq('v', s), (e, [p, ps]) => getComputedStyle(e, ps || null)[p], [prop, pseudo]);
  assert.equal(await style('a1', 'width'), '30px');
  // a1 is dark and darkShade=# : transparent; b1 light.
  assert.equal(await style('a1', 'backgroundColor'), 'rgba(0, 0, 0, 0)');
  assert.equal(await style('b1', 'backgroundColor'), 'rgb(255, 255, 255)');
  // The hole and its mirror image on Black's side.
  assert.equal(await style('f1', 'backgroundColor'), 'rgb(255, 0, 0)');
  assert.equal(await style('f5', 'backgroundColor'), 'rgb(255, 0, 0)');
  assert.equal(await style('b1', 'boxShadow'), 'none');
  const board = await page.$eval('#v .idg-board', (e) => {
    const c = getComputedStyle(e);
    return { bg: c.backgroundColor, image: c.backgroundImage };
  });
  assert.equal(board.bg, 'rgb(0, 255, 0)');
  assert.match(board.image, /bg\.svg/);
  const coords = await page.$$eval('#v .idg-coord', (e) => e.map((x) => [x.textContent, getComputedStyle(x).color]));
  assert.deepEqual(coords[0], ['0', 'rgb(0, 0, 255)']);
  assert.equal(coords[4][0], '4');
  assert.equal(coords[5][0], 'a');
  // useMarkers=1: targets get their shape (a move's dot), not a colour.
  await page.click(sq('v', 'a1'));
  assert.equal(await style('a2', 'backgroundImage'), 'none');
  assert.match(await style('a2', 'backgroundImage', '::after'), /svg.*circle/);
});

test('startShade until the first interaction, then darkShade', async () => {
  await open('/web/demo.html');
  const a1 = () => page.$eval(sq('lion', 'a1'), (e) => getComputedStyle(e).backgroundColor);
  assert.equal(await a1(), 'rgb(192, 192, 192)');
  await page.click(sq('lion', 'e5'));
  assert.equal(await a1(), 'rgb(208, 224, 160)');
});

// ---------- the highlights against the native engine ----------

/** The native command line (`fairyboard moves`): the oracle for the browser's highlights. */
function cli() {
  const target = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
  const found = [process.env.FAIRYBOARD_BIN, path.join(target, 'debug', 'fairyboard'), path.join(target, 'release', 'fairyboard')]
    .filter(Boolean).find((p) => fs.existsSync(p));
  assert.ok(found, 'the fairyboard binary (cargo build -p fairyboard, or FAIRYBOARD_BIN)');
  return found;
}

function nativeMoves(definition, fen) {
  const out = execFileSync(cli(), ['moves', definition, '--fen', fen], { encoding: 'utf8' });
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The square a move's first click goes to: its destination, or its first leg's (the first
 * square captured on the way, for multi-leg moves). Drops are entered from the hand. */
function firstClicks(moves) {
  const by = new Map();
  for (const m of moves) {
    if (m.includes('@')) continue;
    const legs = m.split(',')[0].match(/^([a-z]\d+)([a-z]\d+)/);
    if (!by.has(legs[1])) by.set(legs[1], new Set());
    by.get(legs[1]).add(legs[2]);
  }
  return by;
}

const TARGET_KINDS = new Set(['move', 'capture', 'both', 'hop', 'locust', 'stop']);

/** For every piece of the side to move: its highlighted targets equal the native engine's. */
async function compareWithEngine(definition, plies) {
  const fen = await page.$eval('#v .idg-board', (e) => e.dataset.fen);
  const expected = firstClicks(nativeMoves(definition, fen));
  const side = await page.$eval('#v .idg-board', (e) => (e.dataset.side === 'white' ? 0 : 1));
  const own = await page.$$eval(`#v .idg-sq .idg-piece[data-color="${side}"]`,
    (els) => els.map((e) => e.closest('.idg-sq').dataset.square));
  assert.ok(own.length > 0);
  let compared = 0;
  for (const s of own) {
    await page.click(sq('v', s));
    const shown = (await marks('v'))
      .map((x) => x.split(':'))
      .filter(([, kind]) => kind.split('+').some((k) => TARGET_KINDS.has(k)))
      .map(([square]) => square)
      .sort();
    const want = [...(expected.get(s) || [])].sort();
    assert.deepEqual(shown, want, `${definition} after ${plies}: targets of ${s} (FEN ${fen})`);
    compared += want.length;
    // Put it back down (a click on the piece itself could be a Lion's pass).
    await page.keyboard.press('Escape');
    assert.deepEqual(await marks('v'), []);
  }
  return compared;
}

for (const [name, src, plies] of [
  ['chess', '/variants/chess.txt', ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3', 'd5a5', 'd2d4', 'c7c6']],
  ['xiangqi', '/variants/xiangqi.txt', []],
  ['shogi', '/variants/shogi.txt', ['c3c4', 'g7g6', 'b2g7+']],
  ['capablanca', '/variants/capablanca.txt', ['e2e4', 'e7e5']],
  ['grand', '/variants/grand.txt', []],
  // The White Lion ends next to a Black pawn (g6): captures on the way, igui, passes.
  ['lion12', '/web/tests/pages/lion12.txt', ['f4f5', 'f9f8', 'f5f6', 'g9g8', 'f2f4', 'g8g7', 'f4f5', 'g7g6']],
]) {
  test(`highlights equal the native engine's legal moves: ${name}`, async () => {
    await open(`/web/tests/pages/variant.html?src=${src}&name=${name}`);
    if (plies.length) await paste('v', plies.join(' '));
    const n = await compareWithEngine(path.join(root, src), plies.join(' '));
    assert.ok(n > 5, `compared ${n} targets`);
  });
}

test('highlight latency on the 12x12 Lion board', async () => {
  await open('/web/tests/pages/variant.html?src=/web/tests/pages/lion12.txt&name=lion12');
  await paste('v', 'f4f5 f9f8 f5f6 g9g8 f2f4 g8g7 f4f5 g7g6');
  const times = await page.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    const out = [];
    for (const [f, r] of [[5, 4], [6, 1], [3, 1], [1, 2], [4, 0]]) {
      for (let k = 0; k < 5; k++) {
        const t0 = performance.now();
        d.select(f, r);
        out.push(performance.now() - t0);
      }
    }
    return out.sort((a, b) => a - b);
  });
  const median = times[Math.floor(times.length / 2)];
  console.log(`# highlight latency 12x12 (pick + draw): median ${median.toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`);
  const ready = await page.evaluate(() => document.documentElement.dataset.idiagramMs);
  console.log(`# page load to interactive board (12x12): ${ready} ms`);
  fs.writeFileSync(path.join(shots, 'figures.txt'),
    `highlight_median_ms ${median.toFixed(2)}\nhighlight_max_ms ${times[times.length - 1].toFixed(2)}\nload_to_interactive_ms ${ready}\n`);
  assert.ok(median < 16, `median ${median} ms`);
});

test('move generation speed in WebAssembly (perft, chess start)', async () => {
  await open('/web/demo.html');
  const r = await page.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    // Warm up (the browser compiles hot WebAssembly functions in tiers), then time depth 5.
    let n4 = 0;
    for (let k = 0; k < 4; k++) n4 = d.engine.perft(4);
    const t0 = performance.now();
    const nodes = d.engine.perft(5);
    return { n4, nodes, ms: performance.now() - t0 };
  });
  // 197281 and 4865609: the published perft(4) and perft(5) of chess.
  assert.equal(r.n4, 197281);
  assert.equal(r.nodes, 4865609);
  const mnps = r.nodes / r.ms / 1000;
  console.log(`# wasm perft(5) chess: ${r.ms.toFixed(0)} ms, ${mnps.toFixed(1)} Mnodes/s`);
  fs.appendFileSync(path.join(shots, 'figures.txt'), `wasm_perft5_chess_ms ${r.ms.toFixed(0)}\nwasm_perft5_chess_mnps ${mnps.toFixed(1)}\n`);
});

test('a piece whose image is missing falls back by name, else to a centred disc, never by ID', async () => {
  await open('/web/tests/pages/nuke.html');
  await page.waitForLoadState('networkidle');
  // The Nuke (ID N, a1) and the elf (ID E, c1) have no licensed art under their names: a
  // disc with their letter, not the knight's or the alfil's picture.
  const shown = (s) => page.$eval(sq('nuke', s) + ' .idg-piece', (e) => ({
    tag: e.tagName, text: e.textContent, src: e.getAttribute('src'),
  }));
  assert.deepEqual(await shown('a1'), { tag: 'DIV', text: 'N', src: null });
  assert.deepEqual(await shown('c1'), { tag: 'DIV', text: 'E', src: null });
  // The knight (ID S) gets fairyboard's knight by its name once its own image 404s.
  const knight = await shown('b1');
  assert.equal(knight.tag, 'IMG');
  assert.ok(knight.src.endsWith('/art/greenchess/knight-w.svg'), knight.src);
  // The disc's letter is centred, on the board and in the legend (opened): the middle of
  // the letter's box lies within a pixel or two of the middle of the disc.
  await page.click('#nuke .idg-legend-link');
  const offsets = await page.$$eval('#nuke .idg-disc', (els) => els.map((d) => {
    const r = d.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(d);
    const t = range.getBoundingClientRect();
    if (r.width < 10 || t.width < 1) return null; // not shown
    return [t.x + t.width / 2 - (r.x + r.width / 2), t.y + t.height / 2 - (r.y + r.height / 2)];
  }));
  // a1, c1, a4 and c4 on the board, and the Nuke's and the elf's rows of the legend.
  assert.equal(offsets.filter(Boolean).length, 6, JSON.stringify(offsets));
  for (const [dx, dy] of offsets.filter(Boolean)) assert.ok(Math.abs(dx) <= 1 && Math.abs(dy) <= 2, JSON.stringify(offsets));
  // The missing own images are the only failures.
  problems = problems.filter((p) => !/Failed to load resource: .*404/.test(p));
});
