// Browser tests of the diagram as a free board with the rules as a help (refused clicks say
// why, free mode from the definition, after the game, substitution from the hand), the AI
// bar (who the AI plays, move now, thinking time, the current move in the record) and
// piece types sharing an ID. Debian's Chromium through playwright-core.
//
// Expected values come from the rules, counted by hand: FIDE chess (1. e4 d6 2. Bb5+ pins
// nothing but checks, so a7-a6 leaves the king in check; 1. f3 e5 2. g4 Qh4# is mate), the
// Interactive Diagram's documentation (free mode; a hand piece dropped on one's own piece
// sends that piece back to the hand), the Betza strings of tests/pages/shared-ids.txt
// (fmWfcF a pawn, K a king's step, fR a rook forward), and the published moves of the Lion,
// the xiangqi cannon and the checker (tests/pages/marks-*.txt, as crates/fairyboard/tests/
// marks.rs counts them).
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
  ({ context: browser, profile } = await launch('play', { width: 1100, height: 1400 }));
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

afterEach(async (t) => {
  if (page) {
    const name = 'play-' + t.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true });
    await page.close();
    page = null;
  }
  assert.deepEqual(problems, [], 'no console errors');
});

async function open(rel) {
  page = await browser.newPage();
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push('console: ' + m.text());
  });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(base + rel);
  await page.waitForFunction(() => document.documentElement.dataset.idiagramReady === String(document.querySelectorAll('.idiagram').length), null, { timeout: 20000 });
  return page;
}

const variant = (file) => `/web/tests/pages/variant.html?src=${file}`;
const D = (d) => (d ? `#${d} ` : '');
const sq = (d, s) => `${D(d)}.idg-sq[data-square="${s}"]`;
const marks = (d) => page.$$eval(`${D(d)}.idg-sq[data-mark]`, (els) => els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort());
const pieceAt = (d, s) => page.$eval(sq(d, s), (e) => {
  const p = e.querySelector('.idg-piece');
  return p ? { piece: +p.dataset.piece, color: +p.dataset.color } : null;
});
const board = (d, key) => page.$eval(`${D(d)}.idg-board`, (b, k) => b.dataset[k], key);
const note = (d) => page.$eval(`${D(d)}.idg-note`, (n) => (n.hidden ? '' : n.textContent));
const hand = (d, piece, color) => page.$eval(`${D(d)}td.idg-hand[data-piece="${piece}"][data-color="${color}"]`,
  (td) => +((td.querySelector('.idg-hand-count') || {}).textContent || 0));

/** Replay a record through the AI bar's box, then close the bar (no AI answers). */
async function paste(d, text) {
  await page.click(`${D(d)}.idg-ai-link`);
  await page.fill(`${D(d)}.idg-record`, text);
  await page.click(`${D(d)}.idg-ai-replay`);
  assert.doesNotMatch(await page.$eval(`${D(d)}.idg-announce`, (e) => e.textContent), /no such move/);
  await page.click(`${D(d)}.idg-ai-link`);
}

/** Drag with the mouse from one element's centre to another's. */
async function drag(from, to) {
  const a = await (await page.$(from)).boundingBox();
  const b = await (await page.$(to)).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test('a move of the side not to move is refused with the reason on the board', async () => {
  await open('/web/demo.html');
  await page.click(sq('chess', 'e7'));
  await page.click(sq('chess', 'e5'));
  assert.equal(await note('chess'), "White to move: it is not Black's turn");
  assert.deepEqual(await pieceAt('chess', 'e7'), { piece: 0, color: 1 });
  assert.equal(await pieceAt('chess', 'e5'), null);
  assert.deepEqual(await marks('chess'), [], 'the piece is put down');
});

test('a move that leaves the king in check is refused with that reason', async () => {
  await open('/web/demo.html');
  await paste('chess', '1. e4 d6 2. Bb5+');
  await page.click(sq('chess', 'a7'));
  assert.deepEqual(await marks('chess'), ['a5:illegal', 'a6:illegal']);
  await page.click(sq('chess', 'a6'));
  assert.equal(await note('chess'), 'It leaves your king in check');
  assert.deepEqual(await pieceAt('chess', 'a7'), { piece: 0, color: 1 });
  // The answer to the check is played as usual.
  await page.click(sq('chess', 'c7'));
  await page.click(sq('chess', 'c6'));
  assert.deepEqual(await pieceAt('chess', 'c6'), { piece: 0, color: 1 });
});

test('castling through an attacked square is refused with the rule', async () => {
  await open('/web/demo.html');
  // The e3 knight covers f1 (FIDE article 3.8.2: the king may not cross an attacked square).
  await paste('chess', '1. e4 Nf6 2. Nf3 Ng4 3. Bc4 Ne3');
  await page.click(sq('chess', 'e1'));
  await page.click(sq('chess', 'g1'));
  assert.equal(await note('chess'), 'The king may not castle through a square the opponent attacks');
  assert.deepEqual(await pieceAt('chess', 'e1'), { piece: 5, color: 0 });
  assert.equal(await pieceAt('chess', 'g1'), null);
});

test('after mate the board is free: the final position can be played on', async () => {
  await open('/web/demo.html');
  await paste('chess', '1. f3 e5 2. g4 Qh4#');
  assert.equal(await board('chess', 'free'), '1');
  assert.equal(await page.$eval('#chess .idg-free input', (i) => i.checked), true);
  assert.match(await page.$eval('#chess .idg-announce', (e) => e.textContent), /0-1 by checkmate — free moves/);
  // The mated side moves anyway (free mode enforces nothing).
  await page.click(sq('chess', 'a2'));
  await page.click(sq('chess', 'a3'));
  assert.deepEqual(await pieceAt('chess', 'a3'), { piece: 0, color: 0 });
  assert.equal(await pieceAt('chess', 'a2'), null);
});

test('freeMode=1 starts free (Black may move first); aiTime=500 sets the thinking time', async () => {
  await open(variant('/web/tests/pages/freemode.txt'));
  assert.equal(await board('', 'free'), '1');
  assert.equal(await page.$eval('.idg-free input', (i) => i.checked), true);
  assert.equal(await board('', 'side'), 'white');
  await page.click(sq('', 'e7'));
  await page.click(sq('', 'e6'));
  assert.deepEqual(await pieceAt('', 'e6'), { piece: 0, color: 1 });
  // Unticking brings the rules back (and their reasons).
  await page.click('.idg-free input');
  assert.equal(await board('', 'free'), '0');
  assert.equal(await page.$eval('.idg-ai-time', (s) => s.value), '500');
});

test('an enableAI=0 sandbox with every piece in hand starts free; drops and substitution work', async () => {
  await open(variant('/web/tests/pages/sandbox.txt'));
  assert.equal(await board('', 'free'), '1');
  assert.equal(await page.$$eval('.idg-board .idg-piece', (e) => e.length), 0);
  await page.click('.idg-legend-link');
  assert.equal(await hand('', 1, 0), 2);
  await drag('td.idg-hand[data-piece="1"][data-color="0"] .idg-piece', sq('', 'c3'));
  assert.deepEqual(await pieceAt('', 'c3'), { piece: 1, color: 0 });
  assert.equal(await hand('', 1, 0), 1);
  // The king from the hand onto White's own rook: the rook goes back to the hand.
  await drag('td.idg-hand[data-piece="0"][data-color="0"] .idg-piece', sq('', 'c3'));
  assert.deepEqual(await pieceAt('', 'c3'), { piece: 0, color: 0 });
  assert.equal(await hand('', 1, 0), 2);
  assert.equal(await hand('', 0, 0), 0);
  // Click-click from the hand works as well as dragging: Black's rook to e5.
  await page.click('td.idg-hand[data-piece="1"][data-color="1"]');
  await page.click(sq('', 'e5'));
  assert.deepEqual(await pieceAt('', 'e5'), { piece: 1, color: 1 });
  assert.equal(await hand('', 1, 1), 1);
});

test('with the rules on, substitution from the hand is a move of the side to move', async () => {
  await open(variant('/variants/crazyhouse.txt'));
  // 4. Bxc6 dxc6: White holds a knight, Black a bishop; White to move.
  await paste('', '1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxc6 dxc6');
  await page.click('.idg-legend-link');
  assert.equal(await hand('', 1, 0), 1);
  assert.equal(await hand('', 2, 1), 1);
  // Black out of turn: refused, with the reason.
  await drag('td.idg-hand[data-piece="2"][data-color="1"] .idg-piece', sq('', 'h7'));
  assert.equal(await note(''), "White to move: it is not Black's turn");
  assert.deepEqual(await pieceAt('', 'h7'), { piece: 0, color: 1 });
  // White's knight onto White's a2 pawn: the pawn goes to White's hand, Black to move.
  await drag('td.idg-hand[data-piece="1"][data-color="0"] .idg-piece', sq('', 'a2'));
  assert.deepEqual(await pieceAt('', 'a2'), { piece: 1, color: 0 });
  assert.equal(await hand('', 1, 0), 0);
  assert.equal(await hand('', 0, 0), 1);
  assert.equal(await board('', 'side'), 'black');
});

test('a drop a rule forbids names the rule (dropNoDoubled); an allowed one is played', async () => {
  // tests/pages/nifu.txt: White's pawn on a2 and one in hand, dropNoDoubled=P.
  await open(variant('/web/tests/pages/nifu.txt'));
  await page.click('.idg-legend-link');
  await drag('td.idg-hand[data-piece="0"][data-color="0"] .idg-piece', sq('', 'a3'));
  assert.equal(await note(''), 'dropNoDoubled: no second pawn on a file (yours is already on the a-file)');
  assert.equal(await pieceAt('', 'a3'), null);
  await drag('td.idg-hand[data-piece="0"][data-color="0"] .idg-piece', sq('', 'b3'));
  assert.deepEqual(await pieceAt('', 'b3'), { piece: 0, color: 0 });
  assert.equal(await board('', 'side'), 'black');
});

test('AI bar: the AI plays the side chosen, its move is marked in the record, navigation marks the shown one', async () => {
  await open('/web/demo.html');
  await page.click('#chess .idg-ai-link');
  assert.equal(await page.$eval('#chess .idg-ai-black', (b) => b.getAttribute('aria-pressed')), 'true', 'opening: the AI takes the side not to move');
  await page.selectOption('#chess .idg-ai-time', '100');
  await page.click('#chess .idg-ai-white');
  await page.waitForFunction(() => document.querySelector('#chess .idg-board').dataset.aiMoves === '1', null, { timeout: 20000 });
  assert.equal(await board('chess', 'side'), 'black');
  const current = await page.$eval('#chess .idg-current', (m) => [m.dataset.ply, m.textContent]);
  assert.equal(current[0], '1');
  const record = await page.$eval('#chess .idg-record', (t) => t.value);
  assert.equal(record, '1. ' + current[1], 'the marked move is the one the record holds');
  // Black (the human) answers; the AI answers again; stepping back marks the move shown.
  await page.click(sq('chess', 'a7'));
  await page.click(sq('chess', 'a6'));
  await page.waitForFunction(() => document.querySelector('#chess .idg-board').dataset.aiMoves === '2', null, { timeout: 20000 });
  assert.equal(await page.$$eval('#chess .idg-ply', (e) => e.length), 3);
  assert.equal(await page.$eval('#chess .idg-current', (m) => m.dataset.ply), '3');
  await page.click('#chess .idg-ply[data-ply="1"]');
  assert.equal(await page.$eval('#chess .idg-current', (m) => m.dataset.ply), '1');
  assert.equal(await board('chess', 'side'), 'black');
  assert.equal(await page.$$eval('#chess .idg-ply', (e) => e.length), 3, 'stepping back keeps the record');
});

test('AI bar: "thinking…" shows while the page stays responsive; "move now" cuts a long think short', async () => {
  await open('/web/demo.html');
  await page.click('#chess .idg-ai-link');
  await page.selectOption('#chess .idg-ai-time', '30000');
  const started = Date.now();
  await page.click('#chess .idg-ai-now');
  assert.equal(await page.$eval('#chess .idg-thinking', (e) => e.hidden), false);
  assert.equal(await board('chess', 'thinking'), '1');
  // A timer asking every 20 ms for one second: a frozen page would get next to none.
  const ticks = await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const t = setInterval(() => { n += 1; }, 20);
    setTimeout(() => { clearInterval(t); done(n); }, 1000);
  }));
  assert.ok(ticks >= 25, `the page kept running while the AI thought (${ticks} ticks of 50)`);
  await page.click('#chess .idg-ai-now');
  await page.waitForFunction(() => document.querySelector('#chess .idg-board').dataset.aiMoves === '1', null, { timeout: 20000 });
  assert.ok(Date.now() - started < 15000, 'the move came long before the 30 s');
  assert.equal(await page.$eval('#chess .idg-thinking', (e) => e.hidden), true);
  assert.equal(await board('chess', 'side'), 'black');
});

test('three types sharing ID P keep their own moves: highlights, move diagrams, the AI reply', async () => {
  await open(variant('/web/tests/pages/shared-ids.txt'));
  // Prince d2 (K): every king step but its own pawn c2 and king d1.
  await page.click(sq('', 'd2'));
  assert.deepEqual(await marks(''), ['c1:move', 'c3:move', 'd3:move', 'e1:move', 'e2:move', 'e3:move']);
  // Rook pawn g2 (fR): up the file to Black's rook pawn on g6 (mirror of g2 on 7 ranks).
  await page.click(sq('', 'g2'));
  assert.deepEqual(await marks(''), ['g3:move', 'g4:move', 'g5:move', 'g6:capture']);
  // Pawn b2 (fmWfcF): one step forward only.
  await page.click(sq('', 'b2'));
  assert.deepEqual(await marks(''), ['b3:move']);
  await page.keyboard.press('Escape');
  // Move diagrams from the legend: the prince at the centre d4 steps all round; the rook
  // pawn goes up the file.
  await page.click('.idg-legend-link');
  await page.click('.idg-legend-row[data-piece="1"] .idg-legend-name a');
  assert.deepEqual(await marks(''), ['c3', 'c4', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5'].map((s) => s + ':both'));
  await page.click('.idg-legend-row[data-piece="2"] .idg-legend-name a');
  assert.deepEqual(await marks(''), ['d5:both', 'd6:both', 'd7:both']);
  await page.click(sq('', 'a1')); // back to the game
  // The AI answers as Black; whatever it moves moves as its own type.
  await page.click('.idg-ai-link');
  await page.selectOption('.idg-ai-time', '100');
  await page.click(sq('', 'a2'));
  await page.click(sq('', 'a3'));
  await page.waitForFunction(() => document.querySelector('.idg-board').dataset.aiMoves === '1', null, { timeout: 20000 });
  const reply = await page.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    const [[ff, fr], [tf, tr]] = d.state.last;
    const c = d.state.cells[tr * d.info.files + tf];
    const count = (t, col) => d.state.cells.filter((x) => x && x.piece === t && x.color === col).length;
    return { dx: tf - ff, dy: tr - fr, piece: c.piece, color: c.color, types: [0, 1, 2, 3].map((t) => count(t, 1)) };
  });
  assert.equal(reply.color, 1);
  const fits = {
    0: (m) => m.dy === -1 && Math.abs(m.dx) <= 1, // pawn: one step forward (straight or capturing)
    1: (m) => Math.max(Math.abs(m.dx), Math.abs(m.dy)) === 1, // prince: a king step
    2: (m) => m.dx === 0 && m.dy < 0, // rook pawn: forward along the file
    3: (m) => Math.max(Math.abs(m.dx), Math.abs(m.dy)) === 1, // king
  };
  assert.ok(fits[reply.piece](reply), `Black's ${reply.piece} moved ${reply.dx},${reply.dy} as its own type`);
  // Black still has its 3 pawns, the prince, the rook pawn and the king, each as itself.
  assert.deepEqual(reply.types, [3, 1, 1, 1]);
});

test('a free-mode edit of the shared-ID page keeps every type: the moved prince and rook pawn stay themselves', async () => {
  await open(variant('/web/tests/pages/shared-ids.txt'));
  await page.check('.idg-free input');
  await page.click(sq('', 'd2'));
  await page.click(sq('', 'd4'));
  await page.click(sq('', 'g2'));
  await page.click(sq('', 'g4'));
  assert.deepEqual(await pieceAt('', 'd4'), { piece: 1, color: 0 });
  assert.deepEqual(await pieceAt('', 'g4'), { piece: 2, color: 0 });
  // Each side still has 3 pawns, the prince, the rook pawn and the king (by type index).
  const types = await page.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    const count = (t, col) => d.state.cells.filter((x) => x && x.piece === t && x.color === col).length;
    return [0, 1].map((col) => [0, 1, 2, 3].map((t) => count(t, col)));
  });
  assert.deepEqual(types, [[3, 1, 1, 1], [3, 1, 1, 1]]);
  // The prince on d4 steps as a king to the 8 empty squares round it; the rook pawn on g4
  // goes to g5 and takes Black's rook pawn on g6.
  await page.uncheck('.idg-free input');
  const moves = await page.evaluate(() => {
    const e = window.fairyboardDiagrams[0].engine;
    const name = (m) => m.uci.slice(-2);
    return [[3, 3], [6, 3]].map(([f, r]) => JSON.parse(e.pick(f, r)).moves.map(name).sort());
  });
  assert.deepEqual(moves, [['c3', 'c4', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5'], ['g5', 'g6']]);
});

test('the marks painted for a Lion, a cannon and a checker are the engine\'s answer, square by square', async () => {
  const scenes = [
    // Lion d4, a Black pawn on e5: e5 is taken (and the Lion may go on from there); the
    // other 23 squares of the 5x5 block round d4 and d4 itself are quiet moves.
    { file: 'marks-lion.txt', from: 'd4', capture: ['e5'], moves: 24 },
    // Cannon d4: rook moves d5, d3-d1, a4-c4, e4-h4; over the screen on d6 it takes d8.
    { file: 'marks-cannon.txt', from: 'd4', capture: ['d8'], moves: 11, screen: ['d6'] },
    // Checker c3 jumping the pawn on d4: d4 is its victim, the jump goes on to e5.
    { file: 'marks-checker.txt', from: 'c3', capture: [], moves: 0, locust: ['d4'] },
  ];
  for (const s of scenes) {
    await open(variant('/web/tests/pages/' + s.file));
    await page.click(sq('', s.from));
    const painted = await marks('');
    const answer = await page.evaluate((from) => {
      const f = from.charCodeAt(0) - 97;
      const r = +from.slice(1) - 1;
      const pick = JSON.parse(window.fairyboardDiagrams[0].engine.pick(f, r));
      return pick.marks.map((m) => String.fromCharCode(97 + m.file) + (m.rank + 1) + ':' + m.kind).sort();
    }, s.from);
    assert.deepEqual(painted, answer, s.file);
    const of = (kind) => painted.filter((m) => m.endsWith(':' + kind)).map((m) => m.split(':')[0]);
    assert.deepEqual(of('capture'), s.capture, s.file);
    assert.equal(of('move').length, s.moves, s.file);
    if (s.screen) assert.deepEqual(of('screen'), s.screen, s.file);
    if (s.locust) assert.deepEqual(of('locust'), s.locust, s.file);
    await page.close();
    page = null;
  }
});
