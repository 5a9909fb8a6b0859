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
import { launch } from './browser.js';
import { serve } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'web');

let browser, server, base, profile;
let page, problems;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  ({ server, url: base } = await serve(root));
  ({ context: browser, profile } = await launch('chromium', { width: 1100, height: 1400 }));
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
  assert.deepEqual(await squares('x', 'hop-capture'), ['d7', 'd8']);
  assert.ok((await squares('x', 'move')).includes('d5'));
  // The key under the board names the shapes shown.
  const key = () => page.$$eval('#x .idg-key-item', (e) => e.map((x) => x.dataset.kind));
  assert.deepEqual(await key(), ['move', 'hover']);
  // Leaving it restores the diagram.
  await page.hover(sq('x', 'h8'));
  assert.equal(await pieceAt('x', 'd6'), null);
  assert.equal((await marks('x')).length, 14);
  // The vao the same on its diagonals: over e5 it takes on f6, g7, h8.
  await show('x', 3);
  await page.hover(sq('x', 'e5'));
  assert.deepEqual(await squares('x', 'hop-capture'), ['f6', 'g7', 'h8']);
});

test('a bent hopper offers its four neighbours as screens; hovering one shows where it lands', async () => {
  await open('/web/tests/pages/explain.html');
  // pafsW on d4: over an orthogonal neighbour, then one diagonal step outwards (forward-left
  // or forward-right of the first step): the knight's eight squares, each reached over a
  // screen; the four neighbours are the screens to hover.
  await show('x', 7);
  assert.deepEqual(await marks('x'), ['b3:hop', 'b5:hop', 'c2:hop', 'c4:hover', 'c6:hop', 'd3:hover',
    'd5:hover', 'e2:hop', 'e4:hover', 'e6:hop', 'f3:hop', 'f5:hop']);
  // A piece on d5: the hopper moves or captures on c6 and e6.
  await page.hover(sq('x', 'd5'));
  assert.ok(await pieceAt('x', 'd5'));
  assert.deepEqual(await marks('x'), ['c6:hop', 'e6:hop']);
  // pacfsW only captures there: over e4, the victims stand on f3 and f5.
  await page.hover(sq('x', 'h8'));
  await show('x', 8);
  assert.deepEqual(await squares('x', 'hover'), ['c4', 'd3', 'd5', 'e4']);
  await page.hover(sq('x', 'e4'));
  assert.deepEqual(await squares('x', 'hop-capture'), ['f3', 'f5']);
  assert.deepEqual(await squares('x', 'hop'), []);
});

test("a lame leaper's blocking squares can be explored", async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 2);
  // Xiangqi horse on d4: eight knight squares; the orthogonal neighbours block them.
  assert.deepEqual(await squares('x', 'both'), ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  assert.deepEqual(await squares('x', 'block+hover'), ['c4', 'd3', 'd5', 'e4']);
  // A piece on d5 takes c6 and e6 away (xbetza.md's worked example for nN).
  await page.hover(sq('x', 'd5'));
  assert.ok(await pieceAt('x', 'd5'));
  assert.deepEqual(await marks('x'), ['b3:both', 'b5:both', 'c2:both', 'e2:both', 'f3:both', 'f5:both']);
  // The elephant: blocked on the diagonal neighbour.
  await page.hover(sq('x', 'h1'));
  await show('x', 4);
  assert.deepEqual(await squares('x', 'block+hover'), ['c3', 'c5', 'e3', 'e5']);
  await page.hover(sq('x', 'e5'));
  assert.deepEqual(await marks('x'), ['b2:both', 'b6:both', 'f2:both']);
});

test('initial moves are marked with their own symbol; Black\'s direction on request', async () => {
  await open('/web/tests/pages/explain.html');
  await show('x', 0);
  // The pawn: d5 moving, c5/e5 capturing, d6 only as its first move.
  assert.deepEqual(await marks('x'), ['c5:capture', 'd5:move', 'd6:initial', 'e5:capture']);
  assert.deepEqual(await page.$$eval('#x .idg-key-item', (e) => e.map((x) => x.dataset.kind)), ['move', 'capture', 'initial']);
  // The key's words are the rules core's (`mark_key`), the rules page's legend's too.
  assert.deepEqual(await page.$$eval('#x .idg-key-item', (e) => e.map((x) => x.textContent)), [
    'Moves here only (no capture)',
    'Captures here only',
    'Only while the piece has not moved yet (its first move)',
  ]);
  const shape = (s) => page.$eval(sq('x', s), (e) => getComputedStyle(e, '::after').backgroundImage);
  assert.match(await shape('d6'), /svg/);
  assert.notEqual(await shape('d6'), await shape('d5'));
  // Castling: two squares towards either partner; a first knight's leap.
  await show('x', 5);
  assert.deepEqual(await squares('x', 'castle'), ['b4', 'f4']);
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
  assert.deepEqual(await squares('x', 'hop-capture'), ['d1', 'd2']);
  // Back to the game: the toggle goes away.
  await page.click(sq('x', 'h8'));
  assert.equal(await page.isVisible('#x .idg-black-view'), false);
});

// ---------- marks anyone can see ----------

/**
 * Compare two photographs (PNG) of a diagram's board in the browser: for each named square,
 * the pixels where the first stands out from the second by at least WCAG's 3:1 contrast for
 * graphics (relative luminance, WCAG 2 §1.4.11), as a string of 0/1 per pixel.
 */
async function standoutBySquare(d, marked, bare, names) {
  return page.evaluate(async ([d, a, b, names]) => {
    const decode = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bmp.width, bmp.height);
      const g = canvas.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return g.getImageData(0, 0, bmp.width, bmp.height);
    };
    const [A, B] = [await decode(a), await decode(b)];
    const lin = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const lum = (p, i) => 0.2126 * lin(p[i]) + 0.7152 * lin(p[i + 1]) + 0.0722 * lin(p[i + 2]);
    const out = {};
    for (const name of names) {
      const e = document.querySelector(`#${d} .idg-sq[data-square="${name}"]`);
      let mask = '';
      for (let y = e.offsetTop; y < e.offsetTop + e.offsetHeight; y++) {
        for (let x = e.offsetLeft; x < e.offsetLeft + e.offsetWidth; x++) {
          const i = (y * A.width + x) * 4;
          const [la, lb] = [lum(A.data, i), lum(B.data, i)];
          mask += (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05) >= 3 ? '1' : '0';
        }
      }
      out[name] = mask;
    }
    return out;
  }, [d, marked.toString('base64'), bare.toString('base64'), names]);
}

/**
 * For each of `names` on diagram `d` marked `kind`: the pixels where the mark's shapes stand
 * out from what lies beneath them (the square, its tint, its piece). The board is
 * photographed with the marks and with their shapes hidden.
 */
async function standout(d, names, kind, way) {
  await page.evaluate(([d, names, kind, way]) => {
    const diagram = window.fairyboardDiagrams.find((x) => x.host.id === d);
    diagram.clearMarks();
    for (const s of names) diagram.mark(s.charCodeAt(0) - 97, +s.slice(1) - 1, kind, way);
  }, [d, names, kind, way]);
  const board = page.locator(`#${d} .idg-board`);
  const marked = await board.screenshot();
  await board.evaluate((e) => e.classList.add('idg-test-bare'));
  const bare = await board.screenshot();
  await board.evaluate((e) => e.classList.remove('idg-test-bare'));
  return standoutBySquare(d, marked, bare, names);
}

const KINDS = [
  ['move'], ['capture'], ['both', 'slide'], ['both', 'leap'], ['transit'], ['stop'], ['locust'],
  ['screen'], ['hop'], ['hop-capture'], ['initial'], ['castle'], ['illegal'], ['block'], ['hover'],
];

test('every mark stands out on dark and light squares, dark and light pieces, by shape', async () => {
  await open('/web/tests/pages/explain.html');
  // A test-only switch that hides the shapes, for the photograph beneath them.
  await page.addStyleTag({
    content: '.idg-test-bare .idg-sq::after, .idg-test-bare .idg-sq::before { display: none !important; }',
  });
  // d4 an empty dark square, e4 an empty light one, d8 Black's queen and e7 a Black pawn
  // (dark art), d1 White's queen: on the dark board and (but d8, d1) on the default one.
  const where = { dark: ['d4', 'e4', 'd8', 'e7', 'd1'], x: ['d4', 'e4', 'e7', 'e1'] };
  const weak = [];
  const shapes = [];
  for (const [kind, way] of KINDS) {
    const name = kind + (way ? ' ' + way : '');
    for (const [d, names] of Object.entries(where)) {
      const masks = await standout(d, names, kind, way);
      for (const s of names) {
        const n = [...masks[s]].filter((c) => c === '1').length;
        // At least 2% of the square (a 50px square: 50 pixels) stands out.
        if (n < masks[s].length * 0.02) weak.push(`${d} ${s} ${name}: ${n} px`);
      }
      if (d === 'dark') shapes.push([name, masks.d4]);
    }
  }
  assert.deepEqual(weak, [], 'marks that do not stand out');
  // Shape, not colour: on the dark board's empty square, the outlines of any two kinds
  // differ in at least a quarter of their pixels.
  const alike = [];
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const [a, b] = [shapes[i][1], shapes[j][1]];
      let both = 0;
      let either = 0;
      for (let k = 0; k < a.length; k++) {
        if (a[k] === '1' && b[k] === '1') both++;
        if (a[k] === '1' || b[k] === '1') either++;
      }
      if (both / either > 0.75) alike.push(`${shapes[i][0]} ~ ${shapes[j][0]}: ${(both / either).toFixed(2)}`);
    }
  }
  assert.deepEqual(alike, [], 'kinds told apart only by colour');
});

test("the picked piece's square and the last move stand out on dark and light boards", async () => {
  await open('/web/tests/pages/explain.html');
  // The frame against the same squares without it: dark and light squares, dark and light art.
  const names = ['d4', 'e4', 'd8', 'e2'];
  const weak = [];
  for (const d of ['dark', 'x']) {
    for (const cls of ['idg-from', 'idg-last']) {
      const paint = (on) => page.evaluate(([d, names, cls, on]) => {
        for (const s of names) document.querySelector(`#${d} .idg-sq[data-square="${s}"]`).classList.toggle(cls, on);
      }, [d, names, cls, on]);
      const board = page.locator(`#${d} .idg-board`);
      await paint(true);
      const marked = await board.screenshot();
      await paint(false);
      const bare = await board.screenshot();
      const masks = await standoutBySquare(d, marked, bare, names);
      for (const s of names) {
        const n = [...masks[s]].filter((c) => c === '1').length;
        if (n < masks[s].length * 0.02) weak.push(`${d} ${s} ${cls}: ${n} px`);
      }
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

test('figure: a hopper\'s move diagram on 12x12 (every screen-and-victim pair)', async () => {
  await open('/web/tests/pages/explain.html');
  const ms = await page.evaluate(async () => {
    const { Diagram } = await import('/web/pkg/fairyboard_wasm.js');
    const d = new Diagram('files=12\nranks=12\nroyal=3\ncannon:C:mRcpR::a1\ngrasshopper:G:gQ::b1\nking::::f1\n');
    const best = [];
    for (const t of [0, 1]) {
      let b = Infinity;
      for (let k = 0; k < 5; k++) {
        const t0 = performance.now();
        d.move_diagram(t, -1, -1, false);
        b = Math.min(b, performance.now() - t0);
      }
      best.push(b);
    }
    return best;
  });
  console.log(`# move diagram 12x12, best of 5: cannon ${ms[0].toFixed(1)} ms, grasshopper ${ms[1].toFixed(1)} ms`);
  fs.appendFileSync(path.join(shots, 'figures.txt'),
    `move_diagram_cannon_12x12_ms ${ms[0].toFixed(1)}\nmove_diagram_grasshopper_12x12_ms ${ms[1].toFixed(1)}\n`);
  // A click in the piece table should answer at once; a generous bar on a loaded machine.
  assert.ok(ms[0] < 500 && ms[1] < 500, ms.join(' '));
});
