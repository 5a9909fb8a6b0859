// Generated rules pages (`fairyboard rules`) in real Chromium at a desktop width (1200 px)
// and a phone width (390 px): boards from 4×4 to 16×16, a game with 40 piece types, and
// catalogue games with holes, palaces and extra diagrams. Every page must fit its window
// (no horizontal scrolling: document scrollWidth <= viewport width) with every move
// diagram shown at once. Screenshots are kept in artifacts/pages/.
//
// Run: node --test pages.test.js (after `cargo build -p fairyboard`); FAIRYBOARD_BIN
// overrides the binary, CHROMIUM the browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shots = path.join(root, 'artifacts', 'pages');
const bin = process.env.FAIRYBOARD_BIN || path.join(root, 'target', 'debug', 'fairyboard');
const WIDTHS = [1200, 390];

const FILES = 'abcdefghijklmnopqrstuvwx';

// Forty different moves for the big game (the last is its royal king).
const MOVES = [
  'W', 'F', 'N', 'R', 'B', 'Q', 'fmWfceF', 'mRcpR', 'gQ', 'nN', 'nA', 'WD', 'FA', 'NN', 'RN',
  'BN', 'H', 'C', 'Z', 'AD', 'WA', 'DF', 'sRfB', 'fRbB', 'vRsW', 'FfN', 'WfA', 'RmcD', 'pR',
  'cpB', 'mQcN', 'fsW', 'bW', 'fF', 'vN', 'sN', 'fB', 'bR', 'jN', 'KisO2',
];
const IDS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', ...[...'ABCDEFGHIJKLMN'].map((c) => 'X' + c)];

/** A definition of `n` piece types on a files×ranks board, one White piece of each. */
function definition(files, ranks, n, extra = []) {
  const lines = [...extra, `files=${files}`, `ranks=${ranks}`, `royal=${n}`];
  for (let i = 0; i < n; i++) {
    const move = i === n - 1 ? 'KisO2' : MOVES[i % MOVES.length];
    const sq = FILES[i % files] + (Math.floor(i / files) + 1);
    lines.push(`piece${i + 1}:${IDS[i]}:${move}::${sq}`);
  }
  return lines.join('\n') + '\n';
}

const CASES = [
  { name: 'tiny-4x4', text: definition(4, 4, 3) },
  {
    name: 'big-16x16-40-pieces',
    text: definition(16, 16, 40, [
      'title=Forty Pieces on a Sixteen by Sixteen Board, a Deliberately Long Title That Has to Wrap',
      'aliases=Big Board, Sixteen Squared, Forty',
      'introduction=' + 'An introduction long enough to need several lines on a phone. '.repeat(6),
      'notes=A note with a VeryLongWordWithoutAnySpacesThatCouldPushThePageWiderThanThePhone.',
      'lightShade=#e8e0ff',
      'darkShade=#8070b0',
    ]),
  },
  { name: 'xiangqi' },
  { name: 'chess' },
  { name: 'shogi' },
  // A Lion (locust captures, a pass), holes in the board, and a morph board that keeps a
  // piece in a zone (its outside hatched).
  { name: 'lion' },
  {
    name: 'holes-and-zone',
    text: [
      'files=7', 'ranks=7', 'royal=3',
      'hole::::a1,g1,d4',
      'rook:R:R::b1',
      'wazir:W:W::c1',
      'king:K:K::e1',
      'morph=!/"/"',
      '',
    ].join('\n'),
  },
];

let browser, dir, profile;

before(() => {
  fs.mkdirSync(shots, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-pages-'));
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-pages-profile-'));
});

after(async () => {
  if (browser) await browser.close();
  for (const d of [dir, profile]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

async function launch() {
  if (!browser) {
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    });
  }
  return browser;
}

const written = new Map();

/**
 * Write the case's page with the command line; its path. Once per case: the 40-piece page
 * takes the debug binary seconds to draw, and two tests read it.
 */
function writePage(c) {
  if (!written.has(c.name)) written.set(c.name, generate(c));
  return written.get(c.name);
}

function generate(c) {
  let source = c.name;
  if (c.text) {
    source = path.join(dir, `${c.name}.txt`);
    fs.writeFileSync(source, c.text);
  }
  const out = path.join(dir, `${c.name}.html`);
  execFileSync(bin, ['rules', source, '-o', out], {
    env: { ...process.env, FAIRYBOARD_VARIANTS: path.join(root, 'variants') },
  });
  return out;
}

for (const c of CASES) {
  test(`${c.name}: fits 1200 px and 390 px windows`, async () => {
    const file = writePage(c);
    const ctx = await launch();
    for (const width of WIDTHS) {
      const page = await ctx.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pathToFileURL(file).href);
      // Every move diagram at once (the page shows one at a time, chosen by its link).
      await page.addStyleTag({ content: '.fbr-glance{display:block !important}' });
      const m = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        view: window.innerWidth,
        glances: document.querySelectorAll('.fbr-glance').length,
        legend: document.querySelectorAll('.fbr-legend tr').length,
      }));
      await page.screenshot({ path: path.join(shots, `${c.name}-${width}.png`), fullPage: true });
      await page.close();
      assert.ok(m.glances > 0, 'move diagrams');
      assert.ok(m.legend > 0, 'a legend');
      assert.ok(m.scroll <= m.view, `${c.name} at ${width}: scrollWidth ${m.scroll} > ${m.view}`);
    }
  });
}

test('the 40-piece page has 40 move diagrams and its author text', async () => {
  const html = fs.readFileSync(writePage(CASES[1]), 'utf8');
  assert.equal((html.match(/class="fbr-glance"/g) || []).length, 40);
  assert.match(html, /<h1>Forty Pieces on a Sixteen/);
  assert.match(html, /Also known as Big Board, Sixteen Squared and Forty\./);
  assert.match(html, /fill="#e8e0ff"/);
});
