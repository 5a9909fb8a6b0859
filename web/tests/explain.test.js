// Browser tests of move diagrams that explain a piece and of marks anyone can see, in real
// Chromium (Debian's /usr/bin/chromium driven by playwright-core). Expected squares are
// counted by hand from the pieces' rules: the Xiangqi cannon and horse as xiangqi.txt and
// xbetza.md describe them (the horse blocked on the orthogonal neighbour, the cannon
// capturing over exactly one screen), the FIDE pawn's double step and castling.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1100, height: 1400 },
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
  // Pieces without licensed art fall back to discs; their failed image loads are expected.
  problems = problems.filter((p) => !/Failed to load resource: .*404/.test(p));
  assert.deepEqual(problems, [], 'no console errors');
});

const sq = (d, s) => `#${d} .idg-sq[data-square="${s}"]`;

/** Marked squares of a diagram as sorted "square:kind". */
async function marks(d) {
  return page.$$eval(`#${d} .idg-sq[data-mark]`, (els) =>
    els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort());
}

/** The squares marked exactly `kind`. */
async function squares(d, kind) {
  return (await marks(d)).filter((m) => m.endsWith(':' + kind)).map((m) => m.split(':')[0]);
}

async function pieceAt(d, s) {
  return page.$eval(sq(d, s), (e) => {
    const p = e.querySelector('.idg-piece');
    return p ? { piece: +p.dataset.piece, color: +p.dataset.color } : null;
  });
}

/** Show the move diagram of piece type `t` from the piece table. */
async function show(d, t) {
  const table = await page.$(`#${d} .idg-legend`);
  if (await table.evaluate((e) => e.hidden)) await page.click(`#${d} .idg-legend-link`);
  await page.click(`#${d} .idg-legend-row[data-piece="${t}"] .idg-legend-name a`);
}

test('a cannon offers its screens; hovering one shows the captures behind it', async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 1);
  // Cannon on d4: the rook's 14 squares; a piece on any but the last of each line screens
  // a capture, so those 10 react to hovering.
  assert.equal((await marks('x')).length, 14);
  assert.deepEqual(await squares('x', 'move'), ['a4', 'd1', 'd8', 'h4']);
  assert.deepEqual(await squares('x', 'move+hover'), ['b4', 'c4', 'd2', 'd3', 'd5', 'd6', 'd7', 'e4', 'f4', 'g4']);
  // Hover d6: an enemy pawn materialises there; over it the cannon takes on d7 or d8.
  await page.hover(sq('x', 'd6'));
  assert.deepEqual(await pieceAt('x', 'd6'), { piece: 0, color: 1 });
  assert.deepEqual(await squares('x', 'hop'), ['d7', 'd8']);
  assert.ok((await squares('x', 'move')).includes('d5'));
  // Leaving it restores the diagram.
  await page.hover(sq('x', 'h8'));
  assert.equal(await pieceAt('x', 'd6'), null);
  assert.equal((await marks('x')).length, 14);
  // The vao the same on its diagonals: over e5 it takes on f6, g7, h8.
  await show('x', 3);
  await page.hover(sq('x', 'e5'));
  assert.deepEqual(await squares('x', 'hop'), ['f6', 'g7', 'h8']);
});

test("a lame leaper's blocking squares can be explored", async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 2);
  // Xiangqi horse on d4: eight knight squares; the orthogonal neighbours block them.
  assert.deepEqual(await squares('x', 'both'), ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  assert.deepEqual(await squares('x', 'hover'), ['c4', 'd3', 'd5', 'e4']);
  // A piece on d5 takes c6 and e6 away (xbetza.md's worked example for nN).
  await page.hover(sq('x', 'd5'));
  assert.ok(await pieceAt('x', 'd5'));
  assert.deepEqual(await marks('x'), ['b3:both', 'b5:both', 'c2:both', 'e2:both', 'f3:both', 'f5:both']);
  // The elephant: blocked on the diagonal neighbour.
  await page.hover(sq('x', 'h1'));
  await show('x', 4);
  assert.deepEqual(await squares('x', 'hover'), ['c3', 'c5', 'e3', 'e5']);
  await page.hover(sq('x', 'e5'));
  assert.deepEqual(await marks('x'), ['b2:both', 'b6:both', 'f2:both']);
});

test('initial moves are marked with their own symbol; Black\'s direction on request', async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 0);
  // The pawn: d5 moving, c5/e5 capturing, d6 only as its first move.
  assert.deepEqual(await marks('x'), ['c5:capture', 'd5:move', 'd6:initial', 'e5:capture']);
  const shape = (s) => page.$eval(sq('x', s), (e) => getComputedStyle(e, '::after').backgroundImage);
  assert.match(await shape('d6'), /svg/);
  assert.notEqual(await shape('d6'), await shape('d5'));
  // Castling: two squares towards either partner; a first knight's leap.
  await show('x', 5);
  assert.deepEqual(await squares('x', 'initial'), ['b4', 'f4']);
  await show('x', 6);
  assert.deepEqual(await squares('x', 'initial'), ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  // Black's moves: the pawn on d5, moving down the board.
  await show('x', 0);
  assert.ok(await page.isVisible('#x .idg-black-view'));
  await page.check('#x .idg-black-view input');
  assert.deepEqual(await pieceAt('x', 'd5'), { piece: 0, color: 1 });
  assert.deepEqual(await marks('x'), ['c4:capture', 'd3:initial', 'd4:move', 'e4:capture']);
  // Black's cannon on d5, hovered on d3: it takes on d2 and d1 over a White pawn.
  await show('x', 1);
  await page.hover(sq('x', 'd3'));
  assert.deepEqual(await pieceAt('x', 'd3'), { piece: 0, color: 0 });
  assert.deepEqual(await squares('x', 'hop'), ['d1', 'd2']);
  // Back to the game: the toggle goes away.
  await page.click(sq('x', 'h8'));
  assert.equal(await page.isVisible('#x .idg-black-view'), false);
});

// ---------- marks anyone can see ----------

/** The PNG's pixels, decoded by the browser. */
async function pixels(png) {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bmp.width, bmp.height);
    const g = canvas.getContext('2d');
    g.drawImage(bmp, 0, 0);
    return Array.from(g.getImageData(0, 0, bmp.width, bmp.height).data);
  }, png.toString('base64'));
}

/** WCAG 2 relative luminance of an sRGB pixel. */
function luminance(r, g, b) {
  const c = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

function contrast(a, b) {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The pixels of square `s` where the mark's shape stands out from what lies beneath it (the
 * square, its tint and its piece) by at least WCAG's 3:1 for graphics: the square is
 * photographed with the mark and with its shapes hidden, and compared pixel by pixel.
 */
async function standout(d, s, kind, way) {
  const locator = page.locator(sq(d, s));
  await page.evaluate(([d, s, kind, way]) => {
    const diagram = window.fairyboardDiagrams.find((x) => x.host.id === d);
    diagram.clearMarks();
    const [f, r] = [s.charCodeAt(0) - 97, +s.slice(1) - 1];
    diagram.mark(f, r, kind, way);
  }, [d, s, kind, way]);
  const marked = await pixels(await locator.screenshot());
  await page.$eval(sq(d, s), (e) => e.classList.add('idg-test-bare'));
  const bare = await pixels(await locator.screenshot());
  await page.$eval(sq(d, s), (e) => e.classList.remove('idg-test-bare'));
  const mask = [];
  for (let i = 0; i < marked.length; i += 4) {
    const a = luminance(marked[i], marked[i + 1], marked[i + 2]);
    const b = luminance(bare[i], bare[i + 1], bare[i + 2]);
    mask.push(contrast(a, b) >= 3);
  }
  return mask;
}

const KINDS = [
  ['move'], ['capture'], ['both', 'slide'], ['both', 'leap'], ['transit'], ['stop'], ['locust'],
  ['screen'], ['hop'], ['initial'], ['illegal'], ['hover'],
];

test('every mark stands out on dark and light squares, dark and light pieces, by shape', async () => {
  await open('/web/tests/pages/explain.html');
  // A test-only switch that hides the shapes, for the photograph beneath them.
  await page.addStyleTag({ content: '.idg-test-bare::after, .idg-test-bare::before { display: none !important; }' });
  // On the dark board: d4 an empty dark square, e4 an empty light one, d8 Black's queen and
  // e7 a Black pawn (dark art), d1 White's queen; on the default board the same squares.
  const where = [['dark', 'd4'], ['dark', 'e4'], ['dark', 'd8'], ['dark', 'e7'], ['dark', 'd1'],
    ['x', 'd4'], ['x', 'e4'], ['x', 'e7'], ['x', 'e1']];
  const weak = [];
  for (const [d, s] of where) {
    for (const [kind, way] of KINDS) {
      const mask = await standout(d, s, kind, way);
      const n = mask.filter(Boolean).length;
      // At least 2% of the square (a 50px square: 50 pixels) stands out.
      if (n < mask.length * 0.02) weak.push(`${d} ${s} ${kind}${way ? ' ' + way : ''}: ${n} px`);
    }
  }
  assert.deepEqual(weak, [], 'marks that do not stand out');
  // Shape, not colour: on the dark board's empty square, the outlines of any two kinds
  // differ in at least a quarter of their pixels.
  const masks = [];
  for (const [kind, way] of KINDS) masks.push([kind + (way ? ' ' + way : ''), await standout('dark', 'd4', kind, way)]);
  const alike = [];
  for (let i = 0; i < masks.length; i++) {
    for (let j = i + 1; j < masks.length; j++) {
      const [a, b] = [masks[i][1], masks[j][1]];
      let both = 0;
      let either = 0;
      for (let k = 0; k < a.length; k++) {
        if (a[k] && b[k]) both++;
        if (a[k] || b[k]) either++;
      }
      if (both / either > 0.75) alike.push(`${masks[i][0]} ~ ${masks[j][0]}: ${(both / either).toFixed(2)}`);
    }
  }
  assert.deepEqual(alike, [], 'kinds told apart only by colour');
});

test("the picked piece's square and the last move stand out on dark and light boards", async () => {
  await open('/web/tests/pages/explain.html');
  // The frame against the same square without it: dark and light squares, dark and light art.
  const weak = [];
  const where = ['d4', 'e4', 'd8', 'e2'].flatMap((s) => [['dark', s], ['x', s]]);
  for (const [d, s] of where) {
    for (const cls of ['idg-from', 'idg-last']) {
      const locator = page.locator(sq(d, s));
      await page.$eval(sq(d, s), (e, c) => e.classList.add(c), cls);
      const marked = await pixels(await locator.screenshot());
      await page.$eval(sq(d, s), (e, c) => e.classList.remove(c), cls);
      const bare = await pixels(await locator.screenshot());
      let n = 0;
      for (let i = 0; i < marked.length; i += 4) {
        const a = luminance(marked[i], marked[i + 1], marked[i + 2]);
        const b = luminance(bare[i], bare[i + 1], bare[i + 2]);
        if (contrast(a, b) >= 3) n++;
      }
      if (n < marked.length / 4 * 0.02) weak.push(`${d} ${s} ${cls}: ${n} px`);
    }
  }
  assert.deepEqual(weak, []);
});

test('a square to hover keeps its kind: both + hover shows the tint, the diamond and the badge', async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 1);
  const style = (s, prop, pseudo) => page.$eval(sq('x', s), (e, [p, ps]) => getComputedStyle(e, ps)[p], [prop, pseudo]);
  // The cannon's d6: a move and a screen to hover.
  assert.match(await style('d6', 'backgroundImage', null), /rgba\(80, 200, 80/);
  assert.match(await style('d6', 'backgroundImage', '::after'), /svg/);
  assert.match(await style('d6', 'backgroundImage', '::before'), /svg/);
  assert.equal(await style('d8', 'backgroundImage', '::before'), 'none');
});
