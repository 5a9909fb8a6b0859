// Browser tests of the Design Wizard (web/wizard.html) as `fairyboard serve` serves it at
// /wizard (the real server binary: the page, /api/pieces and the web modules), in Debian's
// Chromium through playwright-core.
//
// Expected values are counted by hand on the boards described in each test (a knight's
// jumps, a rook's file, a king's steps), or taken from outside fairyboard: the Capablanca
// start FEN in the header of variants/capablanca.txt, and the perft counts of Capablanca
// chess and Shogi that Fairy-Stockfish gives (/work/shared/reference/perft/cases.json:
// 28/784 and 30/900). The round trips compare the wizard's preview with a fresh page built
// from the copied HTML alone, and with the catalogue's own definition.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.js';
import { fairyboardServe } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'web');

let browser, serverProcess, base, profile;
let page, problems, dialogs;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  ({ child: serverProcess, url: base } = await fairyboardServe());
  ({ context: browser, profile } = await launch('wizard', { width: 1400, height: 1400 }));
});

after(async () => {
  if (browser) await browser.close();
  if (serverProcess) serverProcess.kill();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

function watch(p) {
  p.on('console', (m) => {
    // A piece image the art set lacks falls back to a disc after a 404: not an error.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push('console: ' + m.text());
  });
  p.on('pageerror', (e) => problems.push('page error: ' + e.message));
  p.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
}

async function openWizard() {
  page = await browser.newPage();
  problems = [];
  dialogs = [];
  watch(page);
  await page.goto(base + '/wizard');
  await page.waitForFunction(() => document.documentElement.dataset.wizardReady, null, { timeout: 20000 });
  await previewReady();
  return page;
}

afterEach(async (t) => {
  if (page) {
    const name = 'wizard-' + t.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase().slice(0, 60);
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true });
    await page.close();
    page = null;
  }
  assert.deepEqual(problems, [], 'no console errors');
  assert.deepEqual(dialogs, [], 'no script of a piece name ran');
});

/** The preview frame once it shows the wizard's current HTML. */
async function previewReady() {
  await page.waitForFunction(() => {
    const f = document.getElementById('preview');
    return f.dataset.ready === '1' && f.srcdoc.includes(document.getElementById('html').value);
  }, null, { timeout: 20000 });
  return page.frames().find((f) => f !== page.mainFrame());
}

/** The board of a diagram (page or frame): square -> "piece name/colour". */
async function boardOf(frame) {
  return frame.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    const out = {};
    for (const sq of document.querySelectorAll('.idg-sq')) {
      const p = sq.querySelector('.idg-piece');
      if (p) out[sq.dataset.square] = d.info.pieces[+p.dataset.piece].name + '/' + (p.dataset.color === '0' ? 'white' : 'black');
    }
    return out;
  });
}

/** Highlights after clicking a square of a diagram, sorted "square:kind"; a second click puts the piece back. */
async function targets(frame, square) {
  await frame.click(`.idg-sq[data-square="${square}"]`);
  const marks = await frame.$$eval('.idg-sq[data-mark]', (els) => els.map((e) => e.dataset.square + ':' + e.dataset.mark).sort());
  await frame.evaluate(() => window.fairyboardDiagrams[0].clearSelection());
  return marks;
}

/**
 * Every piece's highlighted targets, and the legal move list, of a diagram. The pieces are
 * clicked inside the page (the pointer events a mouse click sends, through the board's own
 * handlers) in one round trip: a Playwright click per piece, as `targets` does, costs a
 * dozen seconds a board on a loaded machine.
 */
async function everyMove(frame) {
  const out = await frame.evaluate(() => {
    const d = window.fairyboardDiagrams[0];
    const marks = {};
    const squares = [...document.querySelectorAll('.idg-sq')].filter((e) => e.querySelector('.idg-piece'));
    for (const sq of squares.sort((a, b) => (a.dataset.square < b.dataset.square ? -1 : 1))) {
      const r = sq.getBoundingClientRect();
      const at = { bubbles: true, button: 0, pointerType: 'mouse', isPrimary: true,
        clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
      sq.querySelector('.idg-piece').dispatchEvent(new PointerEvent('pointerdown', at));
      window.dispatchEvent(new PointerEvent('pointerup', at));
      marks[sq.dataset.square] = [...document.querySelectorAll('.idg-sq[data-mark]')]
        .map((e) => e.dataset.square + ':' + e.dataset.mark).sort();
      d.clearSelection();
    }
    return marks;
  });
  assert.ok(Object.values(out).some((m) => m.length), 'the clicks reached the board');
  const legal = await frame.evaluate(() => JSON.parse(window.fairyboardDiagrams[0].engine.legal_moves()).sort());
  return { targets: out, legal };
}

/** The row of a piece type in the wizard's list, by the name typed in it. */
async function row(name) {
  const uid = await page.evaluate((n) => {
    const input = [...document.querySelectorAll('#piece-rows input[data-f=name]')].find((i) => i.value === n);
    return input ? input.closest('tr').dataset.uid : null;
  }, name);
  assert.ok(uid, `a piece row named ${name}`);
  return `#piece-rows tr.wz-piece[data-uid="${uid}"]`;
}

const square = (s) => `#setup-board button[data-square="${s}"]`;

async function setupPieces() {
  return page.$$eval('#setup-board .wz-p', (els) => els.length);
}

/** Build the 6x6 test game by clicks: rook, king and a custom knight-jumper (see below). */
async function buildSmallGame() {
  await page.click('#clear');
  await page.fill('#files', '6');
  await page.fill('#ranks', '6');
  // The orthodox list the wizard opens with: keep the rook and the king.
  for (const name of ['pawn', 'knight', 'bishop', 'queen']) await page.click(`${await row(name)} .wz-remove`);
  // No promotions: the choice list named pieces that are gone (the engine said so).
  await page.fill('#max-promote', '0');
  await page.fill('#promo-choice', '');
  await page.click('#own-add');
  const mine = await row('');
  await page.fill(`${mine} input[data-f=name]`, 'jumper');
  await page.fill(`${mine} input[data-f=id]`, 'J');
  await page.fill(`${mine} input[data-f=betza]`, 'N');
  // Black's army mirrors White's (the default): one click places both.
  await page.click('#palette button[title="rook"]');
  await page.click(square('a1'));
  await page.click('#palette button[title="king"]');
  await page.click(square('d1'));
  await page.click('#palette button[title="jumper"]');
  await page.click(square('b1'));
}

// White: rook a1, jumper b1, king d1; Black mirrored: rook a6, jumper b6, king d6.
// By hand, White to move:
//  jumper b1 (N): a3, c3, d2;
//  rook a1: a2-a5 and the capture on a6 (b1 is its own piece);
//  king d1: c1, c2, d2, e1, e2 (none attacked: Black's rook sees a5-a2, its jumper a4 c4 d5,
//  its king c5 d5 e5 c6 e6); no castling (b1 is occupied, no corner piece on f1).
//  Black's pieces (not to move) show the mirrored targets.
const WHITE_TARGETS = {
  a1: ['a2:move', 'a3:move', 'a4:move', 'a5:move', 'a6:capture'],
  b1: ['a3:move', 'c3:move', 'd2:move'],
  d1: ['c1:move', 'c2:move', 'd2:move', 'e1:move', 'e2:move'],
};
const LEGAL_COUNT = 13;

test('a 6x6 game built by clicks: the preview shows the placed pieces and the hand-counted moves', async () => {
  await openWizard();
  await buildSmallGame();
  // Clicking a piece again takes it (and its mirror image) off; the remove tool does the same.
  await page.click(square('b1'));
  assert.equal(await setupPieces(), 4);
  await page.click(square('b1'));
  await page.click('#palette button[title="rook"]');
  await page.click(square('c3'));
  assert.equal(await setupPieces(), 8, 'c3 and its mirror c4');
  await page.click('#tool-remove');
  await page.click(square('c3'));
  assert.equal(await setupPieces(), 6);
  assert.equal(await page.$eval(square('a6'), (b) => b.title), 'a6: black rook');

  const frame = await previewReady();
  const html = await page.$eval('#html', (t) => t.value);
  assert.match(html, /^<div class="idiagram">files=6\nranks=6\n/);
  assert.match(html, /\nsymmetry=mirror\n/);
  assert.match(html, /\nrook:R:R::a1\n/);
  assert.match(html, /\nking:K:KisO2::d1\n/);
  assert.match(html, /\njumper:J:N::b1\n/);
  assert.match(html, /<script src="http:\/\/[^"]+\/web\/dist\/idiagram\.js"><\/script>\n$/);
  assert.equal(await page.$eval('#problems', (e) => e.dataset.errors), '0');

  assert.deepEqual(await boardOf(frame), {
    a1: 'rook/white', b1: 'jumper/white', d1: 'king/white',
    a6: 'rook/black', b6: 'jumper/black', d6: 'king/black',
  });
  for (const [from, expected] of Object.entries(WHITE_TARGETS)) {
    assert.deepEqual(await targets(frame, from), expected, `targets of ${from}`);
  }
  const legal = await frame.evaluate(() => JSON.parse(window.fairyboardDiagrams[0].engine.legal_moves()));
  assert.equal(legal.length, LEGAL_COUNT, legal.join(' '));
  // The preview plays: the jumper goes b1-c3 and Black is to move.
  await frame.click('.idg-sq[data-square="b1"]');
  await frame.click('.idg-sq[data-square="c3"]');
  assert.equal((await boardOf(frame)).c3, 'jumper/white');
  assert.equal(await frame.$eval('.idg-board', (b) => b.dataset.side), 'black');
});

test('the copied HTML alone builds the same board with the same moves', async () => {
  await openWizard();
  await buildSmallGame();
  const frame = await previewReady();
  const html = await page.$eval('#html', (t) => t.value);
  const preview = { board: await boardOf(frame), fen: await frame.$eval('.idg-board', (b) => b.dataset.fen), ...(await everyMove(frame)) };
  assert.deepEqual(preview.targets.b1, WHITE_TARGETS.b1);
  assert.equal(preview.legal.length, LEGAL_COUNT);

  // A fresh page whose body is the copied HTML and nothing else, on the same server.
  const fresh = await browser.newPage();
  watch(fresh);
  await fresh.route(base + '/copied.html', (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>copied</title></head><body>\n${html}</body></html>\n`,
  }));
  await fresh.goto(base + '/copied.html');
  await fresh.waitForFunction(() => document.documentElement.dataset.idiagramReady === '1', null, { timeout: 20000 });
  const copied = { board: await boardOf(fresh), fen: await fresh.$eval('.idg-board', (b) => b.dataset.fen), ...(await everyMove(fresh)) };
  await fresh.screenshot({ path: path.join(shots, 'wizard-copied-html.png') });
  await fresh.close();
  assert.deepEqual(copied, preview);
});

test('a bad move shows the engine note next to its piece; fixing it clears it', async () => {
  await openWizard();
  await page.click('#own-add');
  const mine = await row('');
  await page.fill(`${mine} input[data-f=name]`, 'wobbler');
  await page.fill(`${mine} input[data-f=betza]`, 'N(');
  const error = mine.replace('tr.wz-piece', 'tr.wz-error-row');
  assert.equal(await page.$eval(error, (r) => r.hidden), false);
  const text = await page.$eval(error, (r) => r.textContent);
  // The definition's 7th piece line: after files, ranks, firstRank, symmetry, promoZone,
  // maxPromote, promoChoice, royal (8 lines) and the six chess pieces.
  // `wobbler::N(::` puts the move at column 10 and its `(` at column 11.
  assert.match(text, /line 15, column 11 \(piece 'wobbler'\): warning/);
  assert.match(text, /unclosed '\('/);
  // Skipped, as the Interactive Diagram does: the piece keeps `N`, nothing is an error.
  assert.equal(await page.$eval('#problems', (e) => e.dataset.errors), '0');
  // The preview's diagram reports it at the same place: the copied text is the checked text.
  const broken = await previewReady();
  const listed = await broken.$$eval('.idg-problems li', (els) => els.map((e) => e.textContent));
  assert.ok(listed.some((t) => /line 15, column 11 \(piece 'wobbler'\).*unclosed/.test(t)), listed.join('\n'));
  await page.fill(`${mine} input[data-f=betza]`, 'NW');
  assert.equal(await page.$eval(error, (r) => r.hidden), true);
  assert.equal(await page.$eval('#problems', (e) => e.dataset.errors), '0');
  // The page still works after the error: the preview follows.
  const frame = await previewReady();
  assert.equal(Object.keys(await boardOf(frame)).length, 32);
});

test('a piece name with markup stays text everywhere', async () => {
  await openWizard();
  const name = '<script>alert(1)</script><b>bold</b>';
  await page.fill(`${await row('knight')} input[data-f=name]`, name);
  const frame = await previewReady();
  assert.ok((await page.$eval('#html', (t) => t.value)).includes('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;:N:N::b1,g1'));
  assert.equal(await page.$eval(`#palette button[title="${name}"]`, (b) => b.title), name);
  assert.equal(await page.$eval(square('b1'), (b) => b.title), `b1: white ${name}`);
  assert.equal(await page.$$eval('main b, main script', (e) => e.length), 0, 'no element made from the name');
  assert.equal((await boardOf(frame)).b1, `${name}/white`);
  await frame.click('.idg-legend-link');
  const legend = await frame.$$eval('.idg-legend-name', (els) => els.map((e) => e.textContent));
  assert.ok(legend.includes(name), legend.join(', '));
  assert.equal(await frame.$$eval('body b, body script:not([src])', (e) => e.length), 0);
});

test('drops and end-of-game rules: written, playable, and loaded back unchanged', async () => {
  await openWizard();
  await buildSmallGame();
  await page.selectOption('#holdings', '-1');
  await page.fill(`${await row('jumper')} input[data-f=hand]`, '1');
  await page.selectOption('#stalemate', 'win');
  await page.selectOption('#baring', 'on');
  await page.selectOption('#counterbare', 'loss');
  await page.check('#own-shades');
  await page.fill('#light', '#eeeedd');
  await page.fill('#dark', '#557755');
  const html = await page.$eval('#html', (t) => t.value);
  for (const line of ['holdingsType=-1', 'stalemate=win', 'baring=0', 'counterbare=loss', 'lightShade=#eeeedd', 'darkShade=#557755', 'jumper:J:N::b1:1']) {
    assert.ok(html.includes('\n' + line + '\n'), line);
  }
  const frame = await previewReady();
  // White's jumper in hand drops on any of the 36 - 6 = 30 empty squares; with the 13 board
  // moves counted above, 43 moves.
  const drops = await frame.evaluate(() => JSON.parse(window.fairyboardDiagrams[0].engine.pick_hand(2)).moves.length);
  assert.equal(drops, 30);
  const legal = await frame.evaluate(() => JSON.parse(window.fairyboardDiagrams[0].engine.legal_moves()));
  assert.equal(legal.length, LEGAL_COUNT + 30);
  assert.equal(await frame.$eval('.idg-sq[data-square="a1"]', (e) => getComputedStyle(e).backgroundColor), 'rgb(85, 119, 85)');

  // Loading the copied HTML into a fresh wizard gives back the same HTML.
  await page.close();
  await openWizard();
  await page.click('#load-box summary');
  await page.fill('#load-text', html);
  await page.click('#load');
  assert.equal(await page.$eval('#html', (t) => t.value), html);
  assert.equal(await page.$eval('#counterbare', (e) => e.value), 'loss');
  assert.equal(await setupPieces(), 6);
});

test('Black placed by hand and holes: the symmetry written follows the board', async () => {
  await openWizard();
  await page.click('#clear');
  await page.fill('#files', '4');
  await page.fill('#ranks', '4');
  await page.selectOption('#mirror', 'off');
  await page.click('#palette button[title="king"]');
  await page.click(square('a1'));
  await page.check('input[name=color][value="1"]');
  await page.click(square('d4'));
  // d4 is a1 turned half round: the wizard says so.
  let html = await page.$eval('#html', (t) => t.value);
  assert.match(html, /\nsymmetry=rotate\n/);
  assert.match(html, /\nking:K:KisO2::a1\n/);
  // A hole on b2 alone is symmetric in neither way: both armies are written out.
  await page.click('#tool-hole');
  await page.click(square('b2'));
  html = await page.$eval('#html', (t) => t.value);
  assert.match(html, /\nsymmetry=none\n/);
  assert.match(html, /\nking:K:KisO2::a1,,d4\n/);
  assert.match(html, /\nhole::::b2\n/);
  const frame = await previewReady();
  assert.deepEqual(await boardOf(frame), { a1: 'king/white', d4: 'king/black' });
  assert.equal(await frame.$$eval('.idg-hole', (els) => els.map((e) => e.dataset.square).join()), 'b2');
  // The king on a1 of a 4x4 board: a2, b1 and b2, but b2 is a hole (and no corner piece to castle with).
  assert.deepEqual(await targets(frame, 'a1'), ['a2:move', 'b1:move']);
});

test('pasting a diagram loads it for editing (Capablanca chess)', async () => {
  await openWizard();
  const text = fs.readFileSync(path.join(root, 'variants', 'capablanca.txt'), 'utf8');
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  await page.click('#load-box summary');
  await page.fill('#load-text', `<p>My game:</p>\n<div class="idiagram">${esc}</div>\n<script src="x.js"></script>`);
  await page.click('#load');
  assert.match(await page.$eval('#load-status', (e) => e.textContent), /Loaded 8 piece types/);
  assert.equal(await page.$eval('#files', (e) => e.value), '10');
  assert.equal(await page.$eval(`${await row('king')} select[data-f=castling]`, (e) => e.value), '3');
  assert.equal(await page.$eval(`${await row('king')} input[data-f=royal]`, (e) => e.checked), true);
  assert.equal(await setupPieces(), 40);
  const frame = await previewReady();
  // The start position and perft 1, 2 of Capablanca chess (see the header of this file).
  assert.equal(await frame.$eval('.idg-board', (b) => b.dataset.fen), 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1');
  const legal = await frame.evaluate(() => JSON.parse(window.fairyboardDiagrams[0].engine.legal_moves()));
  assert.equal(legal.length, 28);
  assert.equal(await frame.evaluate(() => window.fairyboardDiagrams[0].engine.perft(2)), 784);
  // The catalogue picker adds pieces too: the Xiangqi cannon, with its hop.
  await page.fill('#cat-search', 'cannon xiangqi');
  const first = await page.$eval('#cat-list', (s) => s.options[0] && s.options[0].textContent);
  assert.match(first, /^cannon \(C\) mRcpR/);
  await page.click('#cat-add');
  assert.equal(await page.$eval(`${await row('cannon')} input[data-f=betza]`, (e) => e.value), 'mRcpR');
});

test('pasting Shogi keeps its promotion zones, drops and promoted types', async () => {
  await openWizard();
  await page.click('#load-box summary');
  // Text that is no definition loads nothing and leaves the design alone.
  await page.fill('#load-text', 'just some words');
  await page.click('#load');
  assert.match(await page.$eval('#load-status', (e) => e.textContent), /nothing loaded/);
  assert.equal(await setupPieces(), 32);

  const text = fs.readFileSync(path.join(root, 'variants', 'shogi.txt'), 'utf8');
  await page.fill('#load-text', text);
  await page.click('#load');
  assert.match(await page.$eval('#load-status', (e) => e.textContent), /Loaded 14 piece types/);
  assert.equal(await page.$eval('#holdings', (e) => e.value), '-1');
  // What the form has no field for is kept from the loaded model.
  const html = await page.$eval('#html', (t) => t.value);
  assert.match(html, /\npromoOffset=8\n/);
  assert.match(html, /\npawn:P:fW::a3-i3\nmorph=\^\/\|\/\|\n/);
  // The zones show under their piece, open for editing.
  const pawnZones = (await row('pawn')).replace('tr.wz-piece', 'tr.wz-more-row');
  assert.equal(await page.$eval(pawnZones, (r) => r.hidden), false);
  assert.equal(await page.$eval(`${pawnZones} input[data-f=morph]`, (i) => i.value), '^/|/|');
  assert.equal(await page.$eval((await row('gold')).replace('tr.wz-piece', 'tr.wz-more-row'), (r) => r.hidden), true);
  const frame = await previewReady();
  const preview = await everyMove(frame);
  // Shogi's perft 1 and 2 from Fairy-Stockfish (/work/shared/reference/perft/cases.json).
  assert.equal(preview.legal.length, 30);
  assert.equal(await frame.evaluate(() => window.fairyboardDiagrams[0].engine.perft(2)), 900);

  // The catalogue definition itself, through the embed: the same moves square by square.
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const original = await browser.newPage();
  watch(original);
  await original.route(base + '/original.html', (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body><div class="idiagram">${esc}</div>\n<script type="module" src="/web/idiagram.js"></script></body></html>\n`,
  }));
  await original.goto(base + '/original.html');
  await original.waitForFunction(() => document.documentElement.dataset.idiagramReady === '1', null, { timeout: 20000 });
  const direct = await everyMove(original);
  assert.deepEqual(preview, direct);
  // A middle game with four promotion moves (Fairy-Stockfish's position shogi/14 of the
  // reference: 41 moves, perft 2 = 1434), in both.
  const fen = 'ln3g3/1grsk1s1l/1pppppbpp/p8/5np2/2P1PP2P/PP1P1GPP1/LBG1K1R2/1NS3SNL[] b - - 37 19';
  const deep = (p) => p.evaluate((f) => {
    const e = window.fairyboardDiagrams[0].engine;
    const ok = JSON.parse(e.set_fen(f)).ok;
    return { ok, legal: JSON.parse(e.legal_moves()).sort(), perft2: e.perft(2) };
  }, fen);
  const fromWizard = await deep(frame);
  assert.equal(fromWizard.ok, true);
  assert.equal(fromWizard.legal.length, 41);
  assert.equal(fromWizard.perft2, 1434);
  assert.deepEqual(await deep(original), fromWizard);
  await original.close();
});

test('round trip through the Rust model: a loaded definition is written back with what the form does not show, and edits change only their part', async () => {
  await openWizard();
  // Parameters without a form field (promoOffset, iron, an unknown display key), a shogi
  // zone, per-colour hand counts, a shared ID and holes placed symmetrically.
  const text = [
    'files=6', 'ranks=6', 'holdingsType=1', 'maxPromote=1', 'promoOffset=3', 'iron=3', 'theme=wood',
    'pawn:P:fW::a2-f2', 'morph=^', 'prince:P:K::c1', 'gold:G:WfF::b1:1,0', 'tokin:T:WfF::', 'king:K:K::d1',
    'hole::::a3',
  ].join('\n') + '\n';
  await page.click('#load-box summary');
  await page.fill('#load-text', text);
  await page.click('#load');
  assert.match(await page.$eval('#load-status', (e) => e.textContent), /Loaded 5 piece types/);
  const html = await page.$eval('#html', (t) => t.value);
  for (const line of ['holdingsType=1', 'promoOffset=3', 'iron=3', 'theme=wood', 'symmetry=mirror',
    'pawn:P:fW::a2-f2', 'morph=^', 'prince:P:K::c1', 'gold:G:WfF::b1:1,0', 'king:K:K::d1', 'hole::::a3']) {
    assert.ok(html.includes('\n' + line + '\n'), `${line} in\n${html}`);
  }
  // The written text and the original build the same game: the same start, and every
  // piece the same targets (the prince sharing ID P with the pawns included).
  const frame = await previewReady();
  const original = await browser.newPage();
  watch(original);
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  await original.route(base + '/model-original.html', (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body><div class="idiagram">${esc}</div>\n<script type="module" src="/web/idiagram.js"></script></body></html>\n`,
  }));
  await original.goto(base + '/model-original.html');
  await original.waitForFunction(() => document.documentElement.dataset.idiagramReady === '1', null, { timeout: 20000 });
  const fen = (p) => p.$eval('.idg-board', (b) => b.dataset.fen);
  assert.equal(await fen(frame), await fen(original));
  assert.deepEqual(await everyMove(frame), await everyMove(original));
  await original.close();
  // Loading the written HTML gives it back unchanged.
  await page.fill('#load-text', html);
  await page.click('#load');
  assert.equal(await page.$eval('#html', (t) => t.value), html);
  // An edit changes its own part only: the gold's move becomes K; the rest stays.
  await page.fill(`${await row('gold')} input[data-f=betza]`, 'K');
  const edited = await page.$eval('#html', (t) => t.value);
  assert.ok(edited.includes('\ngold:G:K::b1:1,0\n'), edited);
  assert.equal(edited.replace('\ngold:G:K::', '\ngold:G:WfF::'), html);
});

test("the author's words (title, aliases, text sections) are kept by the wizard, as plain text", async () => {
  await openWizard();
  // fairyboard's own parameters for the rules page: each kept line for line, markup and all
  // (it is text; the rules page shows it escaped), the repeated introduction in its order.
  const words = [
    'title=Tiny <b>Test</b> Chess', 'aliases=Mini Test, Test Chess',
    'introduction=First paragraph.', 'introduction=Second & last paragraph.',
    'notes=A note.', 'strategy=Trade early.', 'history=Invented for a test, 2026.',
  ];
  const text = ['files=5', 'ranks=5', ...words, 'pawn:P:fmWfcF::a2-e2', 'king:K:K::c1'].join('\n') + '\n';
  await page.click('#load-box summary');
  await page.fill('#load-text', text);
  await page.click('#load');
  assert.match(await page.$eval('#load-status', (e) => e.textContent), /Loaded 2 piece types/);
  const html = await page.$eval('#html', (t) => t.value);
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // The HTML to copy holds the definition escaped inside its div.
  let at = -1;
  for (const line of words) {
    const i = html.indexOf('\n' + esc(line) + '\n');
    assert.ok(i > at, `${line} kept, in order, in\n${html}`);
    at = i;
  }
  assert.ok(!html.includes('<b>Test</b>'), 'the title is text, never markup');
  // Loading the written HTML gives it back unchanged.
  await page.fill('#load-text', html);
  await page.click('#load');
  assert.equal(await page.$eval('#html', (t) => t.value), html);
});
