// The Design Wizard (wizard.html, served at /wizard): a form and a clickable setup board
// that edit an Interactive Diagram definition, check it with the same WebAssembly rules
// core the diagram uses, and show it through the real embed (web/idiagram.js) in a frame
// whose document is exactly the HTML offered for copying — so what the preview shows is what
// a page with that HTML shows.
//
// The design is the parser's own definition model (crates/idiagram's `Definition`, as JSON):
// Rust reads a pasted definition into it (`definition_model`) and writes it back as text
// (`write_definition`); this file only maps form fields and board clicks onto the model.
//
//   board, rules, pieces, squares  ->  model()  ->  Rust  ->  <div class="idiagram">…</div> + script
//
// Everything the user types (names, IDs, moves, pasted text) is used as text: form values,
// textContent, or definition text escaped for HTML. Nothing typed becomes markup.

import init, { Diagram, definition_model, form_parameters, write_definition, piece_art } from './pkg/fairyboard_wasm.js';
import { artUrl, pieceElement } from './art.js';

const FILES = 'abcdefghijklmnopqrstuvwxyz';
const MAX_SIZE = 24;
// The include the HTML carries: the classic script of web/dist/ (scripts/build-web.sh), by
// its full address, so the HTML works pasted into a page on any site (the server sends CORS
// headers for /web/), as the Interactive Diagram's own include line does.
const EMBED = new URL('./dist/idiagram.js', import.meta.url).href;
const $ = (id) => document.getElementById(id);
const sqName = (f, r) => FILES[f] + (r + 1);
const key = (f, r) => f + ',' + r;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Text for HTML element content: the embed reads it back with textContent. */
const escapeHtml = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------- the design ----------

let nextUid = 1;
/** Piece types in definition order: {uid, name, id, betza, image, hand, royal, castling, morph}. */
let pieces = [];
/** Squares: "f,r" -> {uid, color} for a piece, {hole: true} for a hole. */
let board = new Map();
/** The palette's piece (a uid) and tool ('piece', 'remove', 'hole'). */
let chosen = null;
let catalogue = [];
/** The number on the bottom rank when coordinates are shown (a pasted definition may say 0). */
let firstRank = 1;
/**
 * The definition model the design started from: a pasted definition as Rust read it, or
 * empty (the format's defaults). What the form has no field for (promoOffset, iron,
 * captureMatrix, display parameters, ...) is kept from it as it is.
 */
let base = {};

function newPiece(p) {
  return {
    uid: nextUid++,
    name: p.name || '',
    id: p.id || '',
    betza: p.betza || '',
    image: p.image && p.image !== p.name ? p.image : '',
    hand: p.hand || 0,
    // Black's own start count when the line gives one per colour (`:8,0`); null: as `hand`.
    blackHand: p.blackHand ?? null,
    royal: !!p.royal,
    castling: p.castling || 0,
    morph: p.morph || '',
  };
}

/**
 * A move written with a trailing castling atom (`KisO2`) as the move and the castling
 * distance, so the Castling field shows it; anything else stays as written.
 */
function splitCastling(betza) {
  const m = /^(.+?)isO(\d+)$/.exec(betza || '');
  return m ? { betza: m[1], castling: +m[2] } : { betza: betza || '', castling: 0 };
}

const CHESS = [
  ['pawn', 'P', 'fmWfceFifmnD', 'a2-h2'],
  ['knight', 'N', 'N', 'b1,g1'],
  ['bishop', 'B', 'B', 'c1,f1'],
  ['rook', 'R', 'R', 'a1,h1'],
  ['queen', 'Q', 'Q', 'd1'],
  ['king', 'K', 'KisO2', 'e1'],
];

/** The design the page opens with: orthodox chess, to change at will. */
function startDesign() {
  base = {};
  pieces = [];
  board = new Map();
  for (const [name, id, move, squares] of CHESS) {
    const p = newPiece({ name, id, ...splitCastling(move), royal: name === 'king' });
    pieces.push(p);
    const list = squares.includes('-')
      ? [...Array(8).keys()].map((f) => [f, 1])
      : squares.split(',').map((s) => [FILES.indexOf(s[0]), +s.slice(1) - 1]);
    for (const [f, r] of list) {
      board.set(key(f, r), { uid: p.uid, color: 0 });
      board.set(key(f, 7 - r), { uid: p.uid, color: 1 });
    }
  }
  chosen = pieces[0].uid;
}

// ---------- form values ----------

const num = (id, lo, hi, dflt) => {
  const v = parseInt($(id).value, 10);
  return Number.isFinite(v) ? Math.max(lo, Math.min(hi, v)) : dflt;
};
const size = () => ({ files: num('files', 1, MAX_SIZE, 8), ranks: num('ranks', 1, MAX_SIZE, 8) });

/** Field text made safe for the line format: no line breaks, no ':' (field separator). */
const field = (s) => String(s).replace(/[\r\n:]+/g, ' ').trim();
/** A name must also not look like `key=value` or a comment. */
const cleanName = (s) => field(s).replace(/=/g, ' ').replace(/^#+/, '').trim();
/** An ID or promotion choice list: no blanks, no separators. */
const cleanToken = (s) => String(s).replace(/[\s:=,]+/g, '');
/** A move: no blanks, no ':' (its commas and brackets are XBetza's own). */
const cleanMove = (s) => String(s).replace(/[\s:]+/g, '');
/** One parameter value: a single line. */
const cleanValue = (s) => String(s).replace(/[\r\n]+/g, ' ').trim();

function pieceOf(uid) {
  return pieces.find((p) => p.uid === uid);
}

/** The pieces that make it into the definition (a piece needs a name). */
const named = () => pieces.filter((p) => cleanName(p.name));

// ---------- writing the definition ----------

const coord = (k) => {
  const [file, rank] = k.split(',').map(Number);
  return { file, rank };
};
const byRank = (a, b) => a.rank - b.rank || a.file - b.file;

/**
 * The design as the definition model: the base model with the form's fields, the pieces and
 * the board put in. Black's squares are listed as placed; Rust picks the symmetry they follow.
 */
function model() {
  const { files, ranks } = size();
  const list = named();
  // The display parameters the form has fields for, from the format's parameter table; a
  // loaded model's other lines are kept.
  const formKeys = JSON.parse(form_parameters());
  const params = (base.params || []).filter((p) => !formKeys.includes(p.key));
  const param = (k, value) => params.push({ key: k, value: String(value) });
  if ($('own-shades').checked) {
    param('lightShade', $('light').value);
    param('darkShade', $('dark').value);
  }
  const sq = num('square-size', 20, 100, 50);
  if (sq !== 50) param('squareSize', sq);
  if ($('coords').checked) param('firstRank', firstRank);
  const dir = cleanValue($('graphics-dir').value);
  if (dir) {
    param('graphicsDir', dir);
    const type = cleanValue($('graphics-type').value);
    if (type) param('graphicsType', type);
  }
  const baring = ((base.rules && base.rules.baring) || []).filter((b) => b !== 'AllNonRoyal');
  const bared = $('baring').value === 'on';
  const rules = {
    ...base.rules,
    stalemate: $('stalemate').value,
    baring: bared ? ['AllNonRoyal', ...baring] : baring,
    counterbare: bared ? $('counterbare').value : 'draw',
  };
  const squares = new Map(list.map((p) => [p.uid, [[], []]]));
  const holes = [];
  for (const [k, c] of board) {
    if (c.hole) holes.push(coord(k));
    else if (squares.has(c.uid)) squares.get(c.uid)[c.color].push(coord(k));
  }
  const pieces = list.map((p) => {
    const [white, black] = squares.get(p.uid);
    const name = cleanName(p.name);
    return {
      name,
      id: cleanToken(p.id),
      betza: cleanMove(p.betza) + (p.castling > 0 ? `isO${p.castling}` : ''),
      image: field(p.image) || name,
      white: white.sort(byRank),
      black: black.sort(byRank),
      hand: p.hand,
      black_hand: p.blackHand ?? null,
    };
  });
  return {
    ...base,
    files,
    ranks,
    pieces,
    holes: holes.sort(byRank),
    royal: list.flatMap((p, i) => (p.royal ? [i] : [])),
    promo_zone: num('promo-zone', 0, MAX_SIZE, 1),
    max_promote: num('max-promote', 0, 99, 1),
    holdings_type: +$('holdings').value,
    rules,
    params,
  };
}

/** The definition text Rust writes for the design, and the line of each piece (for placing the engine's messages). */
function definition() {
  const list = named();
  // An empty choice list is left out: the format's default (every type that is not royal).
  const choice = $('promo-choice').value.replace(/\s+/g, '');
  const edited = {
    definition: model(),
    promoChoice: choice || null,
    morphs: list.map((p) => cleanValue(p.morph) || null),
    extra: $('extra').value.split('\n').map((t) => t.trim()).filter(Boolean),
  };
  const out = JSON.parse(write_definition(JSON.stringify(edited)));
  if (!out.ok) return { text: '', lineOf: new Map(), error: out.error };
  return { text: out.text, lineOf: new Map(list.map((p, i) => [p.uid, out.pieceLines[i]])) };
}

/**
 * The HTML to copy: the diagram and the script that brings it to life. The definition starts
 * right after the tag so the embed's line numbers in messages are the wizard's.
 */
function embedHtml(text) {
  return `<div class="idiagram">${escapeHtml(text)}</div>\n<script src="${EMBED}"></script>\n`;
}

// ---------- drawing the form ----------

/** Image URLs [white, black] per piece uid when the definition names a graphicsDir (the engine's answer). */
let ownImages = new Map();

function pieceImage(p, color, cls) {
  const info = { name: cleanName(p.name), id: cleanToken(p.id) || cleanName(p.name).slice(0, 1).toUpperCase(), image: p.image || p.name };
  const own = ownImages.get(p.uid);
  // The licensed art by the Rust rule (the one the diagram and the server use).
  const art = JSON.parse(piece_art(info.name, info.id, info.image, ''));
  const node = pieceElement(info.name, art.letter, color, 32, [own && own[color], artUrl(art, color)]);
  if (cls) node.classList.add(cls);
  return node;
}

function drawPieceRows() {
  const body = $('piece-rows');
  body.textContent = '';
  pieces.forEach((p, i) => {
    const tr = el('tr', 'wz-piece');
    tr.dataset.uid = p.uid;
    const img = el('td');
    const box = el('span', 'wz-piece-img');
    box.appendChild(pieceImage(p, 0));
    img.appendChild(box);
    tr.appendChild(img);
    const input = (f, type, attrs = {}) => {
      const td = el('td');
      const inp = el('input');
      inp.type = type;
      inp.dataset.f = f;
      inp.spellcheck = false;
      Object.assign(inp, attrs);
      if (type === 'checkbox') inp.checked = !!p[f];
      else inp.value = p[f];
      inp.addEventListener(type === 'checkbox' ? 'change' : 'input', () => {
        p[f] = type === 'checkbox' ? inp.checked : type === 'number' ? Math.max(0, parseInt(inp.value, 10) || 0) : inp.value;
        if (f === 'name' || f === 'id' || f === 'image') {
          box.textContent = '';
          box.appendChild(pieceImage(p, 0));
          drawPalette();
          drawBoard();
        }
        changed();
      });
      td.appendChild(inp);
      tr.appendChild(td);
      return inp;
    };
    input('name', 'text', { placeholder: 'name', title: 'name' });
    input('id', 'text', { maxLength: 3, title: 'ID (one letter; empty: first letter of the name)' });
    input('betza', 'text', { placeholder: 'e.g. N, WF, mRcB', title: 'XBetza move' });
    input('image', 'text', { placeholder: '(name)', title: 'image name (used with a graphicsDir)' });
    input('hand', 'number', { min: 0, max: 99 });
    input('royal', 'checkbox', { title: 'royal: losing it loses the game' });
    const ctd = el('td');
    const cast = el('select');
    cast.dataset.f = 'castling';
    cast.title = 'castling: the royal piece moves this many squares towards a corner piece';
    for (let n = 0; n <= 4; n++) {
      const o = el('option', '', n ? `${n} squares` : 'none');
      o.value = String(n);
      cast.appendChild(o);
    }
    if (p.castling > 4) {
      const o = el('option', '', `${p.castling} squares`);
      o.value = String(p.castling);
      cast.appendChild(o);
    }
    cast.value = String(p.castling);
    cast.addEventListener('change', () => {
      p.castling = +cast.value;
      changed();
    });
    ctd.appendChild(cast);
    tr.appendChild(ctd);
    const actions = el('td', 'wz-actions');
    const button = (label, title, fn) => {
      const b = el('button', 'wz-' + title, label);
      b.type = 'button';
      b.title = title;
      b.addEventListener('click', fn);
      actions.appendChild(b);
    };
    button('▲', 'up', () => movePiece(i, -1));
    button('▼', 'down', () => movePiece(i, 1));
    button('⋯', 'more', () => {
      more.hidden = !more.hidden;
    });
    button('✕', 'remove', () => removePiece(p.uid));
    tr.appendChild(actions);
    body.appendChild(tr);
    // Per-piece zones (morph=): promotion or confinement by square, kept from a pasted
    // definition and editable here.
    const more = el('tr', 'wz-more-row');
    more.dataset.uid = p.uid;
    const mtd = el('td');
    mtd.colSpan = 9;
    const label = el('label', 'wz-block', 'Zones (morph=, a board picture from the far rank down, e.g. ');
    label.append(el('code', '', 'Q'), document.createTextNode(': promotes to Q on the last rank) '));
    const morph = el('input');
    morph.dataset.f = 'morph';
    morph.spellcheck = false;
    morph.placeholder = '(none)';
    morph.value = p.morph;
    morph.addEventListener('input', () => {
      p.morph = morph.value;
      changed();
    });
    label.appendChild(morph);
    mtd.appendChild(label);
    more.appendChild(mtd);
    more.hidden = !p.morph;
    body.appendChild(more);
    const er = el('tr', 'wz-error-row');
    er.dataset.uid = p.uid;
    const etd = el('td', 'wz-error');
    etd.colSpan = 9;
    er.appendChild(etd);
    er.hidden = true;
    body.appendChild(er);
  });
}

function movePiece(i, step) {
  const j = i + step;
  if (j < 0 || j >= pieces.length) return;
  [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
  drawAll();
}

function removePiece(uid) {
  pieces = pieces.filter((p) => p.uid !== uid);
  for (const [k, c] of board) if (c.uid === uid) board.delete(k);
  if (chosen === uid) chosen = pieces.length ? pieces[0].uid : null;
  drawAll();
}

function addPiece(p) {
  const piece = newPiece(p);
  pieces.push(piece);
  chosen = piece.uid;
  $('tool-remove').checked = false;
  $('tool-hole').checked = false;
  drawAll();
  const row = document.querySelector(`#piece-rows tr.wz-piece[data-uid="${piece.uid}"] input[data-f=name]`);
  if (row && !p.name) row.focus();
}

function drawPalette() {
  const pal = $('palette');
  pal.textContent = '';
  const color = currentColor();
  for (const p of pieces) {
    const b = el('button', 'wz-pick');
    b.type = 'button';
    b.dataset.uid = p.uid;
    b.title = cleanName(p.name) || '(no name)';
    b.setAttribute('aria-pressed', String(tool() === 'piece' && chosen === p.uid));
    b.appendChild(pieceImage(p, color));
    b.addEventListener('click', () => {
      chosen = p.uid;
      $('tool-remove').checked = false;
      $('tool-hole').checked = false;
      drawPalette();
    });
    pal.appendChild(b);
  }
}

const currentColor = () => +document.querySelector('input[name=color]:checked').value;
function tool() {
  if ($('tool-remove').checked) return 'remove';
  if ($('tool-hole').checked) return 'hole';
  return 'piece';
}

function drawBoard() {
  const { files, ranks } = size();
  const b = $('setup-board');
  b.textContent = '';
  b.style.gridTemplateColumns = `repeat(${files}, 40px)`;
  const own = $('own-shades').checked;
  for (let r = ranks - 1; r >= 0; r--) {
    for (let f = 0; f < files; f++) {
      const dark = (f + r) % 2 === 0;
      const cell = el('button', dark ? 'wz-dark' : 'wz-light');
      cell.type = 'button';
      if (own) cell.style.backgroundColor = dark ? $('dark').value : $('light').value;
      cell.dataset.square = sqName(f, r);
      const c = board.get(key(f, r));
      if (c && c.hole) {
        cell.classList.add('wz-hole');
        cell.title = sqName(f, r) + ': hole';
      } else if (c) {
        const p = pieceOf(c.uid);
        const node = pieceImage(p, c.color, 'wz-p');
        node.dataset.color = c.color;
        node.dataset.uid = c.uid;
        cell.appendChild(node);
        cell.title = `${sqName(f, r)}: ${c.color ? 'black' : 'white'} ${cleanName(p.name)}`;
      } else {
        cell.title = sqName(f, r);
      }
      if (f === 0 || r === 0) cell.appendChild(el('span', 'wz-coord', f === 0 ? String(r + 1) : FILES[f]));
      cell.addEventListener('click', () => clickSquare(f, r));
      b.appendChild(cell);
    }
  }
}

/** The square Black's counterpart goes to when Black's army follows White's, or null. */
function partner(f, r) {
  const { files, ranks } = size();
  const mode = $('mirror').value;
  if (mode === 'mirror') return [f, ranks - 1 - r];
  if (mode === 'rotate') return [files - 1 - f, ranks - 1 - r];
  return null;
}

function clickSquare(f, r) {
  const here = board.get(key(f, r));
  const t = tool();
  const other = partner(f, r);
  const set = (ff, rr, v) => (v ? board.set(key(ff, rr), v) : board.delete(key(ff, rr)));
  const self = other && other[0] === f && other[1] === r;
  if (t === 'remove') {
    if (other && !self && here) {
      const o = board.get(key(...other));
      // The counterpart goes too when it is this piece's reflection.
      if (o && ((here.hole && o.hole) || (!here.hole && o.uid === here.uid && o.color === 1 - here.color))) set(...other, null);
    }
    set(f, r, null);
  } else if (t === 'hole') {
    const v = here && here.hole ? null : { hole: true };
    set(f, r, v);
    if (other && !self) set(...other, v);
  } else {
    if (chosen === null || !pieceOf(chosen)) return;
    const color = currentColor();
    const same = here && !here.hole && here.uid === chosen && here.color === color;
    const v = same ? null : { uid: chosen, color };
    set(f, r, v);
    if (other && !self) {
      const o = board.get(key(...other));
      // Placing puts the reflection there too; taking off takes only the reflection away.
      if (v) set(...other, { uid: chosen, color: 1 - color });
      else if (o && !o.hole && o.uid === chosen && o.color === 1 - color) set(...other, null);
    }
  }
  drawBoard();
  changed();
}

function drawCatalogue() {
  const words = $('cat-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  const list = $('cat-list');
  const keep = list.value;
  list.textContent = '';
  catalogue.forEach((p, i) => {
    const text = `${p.name} (${p.id}) ${p.betza} — ${p.variants.join(', ')}`;
    const hay = `${p.name} ${p.id} ${p.betza} ${p.variants.join(' ')}`.toLowerCase();
    if (!words.every((w) => hay.includes(w))) return;
    const o = el('option', '', text);
    o.value = String(i);
    list.appendChild(o);
  });
  if (keep && list.querySelector(`option[value="${keep}"]`)) list.value = keep;
  else if (list.options.length) list.selectedIndex = 0;
}

function addFromCatalogue() {
  const p = catalogue[+$('cat-list').value];
  if (!p || $('cat-list').value === '') return;
  addPiece({ name: p.name, id: p.id, image: p.image, ...splitCastling(p.betza), royal: /^king$/i.test(p.name) });
}

function drawAll() {
  drawPieceRows();
  drawPalette();
  drawBoard();
  changed();
}

// ---------- checking and the preview ----------

let previewTimer = 0;
let current = '';

/** After every change: write the definition, check it, show the HTML, refresh the preview. */
function changed() {
  const { text, lineOf, error } = definition();
  if (error) {
    $('problems').textContent = 'The design could not be written: ' + error;
    return;
  }
  const html = embedHtml(text);
  $('html').value = html;
  showProblems(text, lineOf);
  $('counterbare-label').hidden = $('baring').value !== 'on';
  if (html === current) return;
  current = html;
  const frame = $('preview');
  frame.dataset.ready = '0';
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => showPreview(html), 200);
}

/** The engine's problems with the definition, each next to its piece when it has one. */
function showProblems(text, lineOf) {
  const d = new Diagram(text);
  let info;
  try {
    info = JSON.parse(d.info());
  } finally {
    d.free();
  }
  const byUid = new Map();
  const general = [];
  const list = named();
  // The definition's own images, when it has a graphicsDir: redraw the pieces if they changed.
  const images = new Map(list.map((p, i) => [p.uid, info.pieces[i] && info.pieces[i].images]).filter(([, v]) => v));
  if (JSON.stringify([...images]) !== JSON.stringify([...ownImages])) {
    ownImages = images;
    for (const box of document.querySelectorAll('#piece-rows .wz-piece-img')) {
      const p = pieceOf(+box.closest('tr').dataset.uid);
      box.textContent = '';
      if (p) box.appendChild(pieceImage(p, 0));
    }
    drawPalette();
    drawBoard();
  }
  for (const p of info.problems) {
    let uid = null;
    for (const [u, line] of lineOf) if (p.line === line) uid = u;
    if (uid === null && p.piece) {
      const hit = list.filter((x) => cleanName(x.name) === p.piece);
      if (hit.length === 1) uid = hit[0].uid;
    }
    if (uid !== null) {
      if (!byUid.has(uid)) byUid.set(uid, []);
      byUid.get(uid).push(p.text);
    } else {
      general.push(p.text);
    }
  }
  for (const row of document.querySelectorAll('#piece-rows tr.wz-error-row')) {
    const msgs = byUid.get(+row.dataset.uid) || [];
    row.hidden = msgs.length === 0;
    row.firstChild.textContent = msgs.join('\n');
    const main = document.querySelector(`#piece-rows tr.wz-piece[data-uid="${row.dataset.uid}"]`);
    if (main) main.classList.toggle('wz-has-error', msgs.length > 0);
  }
  const unnamed = pieces.length - list.length;
  if (unnamed) general.push(`${unnamed} piece${unnamed > 1 ? 's have' : ' has'} no name and is left out`);
  const box = $('problems');
  const errors = info.problems.filter((p) => p.severity === 'error').length;
  box.classList.toggle('wz-ok', errors === 0);
  box.dataset.errors = String(errors);
  if (!info.playable) general.unshift('The definition has errors; the diagram cannot be played.');
  const placed = [...board.values()].filter((c) => !c.hole).length;
  box.textContent = general.length ? general.join('\n') : `The definition compiles: ${info.pieces.length} piece types, ${placed} pieces on the board.`;
}

/**
 * The preview: a frame whose document is the HTML to copy and nothing else (plus a margin),
 * so the embed builds it exactly as on the designer's page.
 */
function showPreview(html) {
  const frame = $('preview');
  frame.dataset.ready = '0';
  frame.srcdoc = `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body style="margin:8px">\n${html}</body></html>\n`;
}

function watchPreview() {
  const frame = $('preview');
  frame.addEventListener('load', () => {
    const doc = frame.contentDocument;
    const started = performance.now();
    const poll = () => {
      if (!doc || frame.contentDocument !== doc) return;
      if (doc.documentElement.dataset.idiagramReady) {
        // The frame is as high as the diagram (the body and its 8px margins), and follows
        // it when the legend or the AI bar opens.
        const fit = () => {
          frame.style.height = Math.max(120, Math.ceil(doc.body.getBoundingClientRect().height) + 20) + 'px';
        };
        fit();
        new ResizeObserver(fit).observe(doc.body);
        frame.dataset.ready = '1';
      } else if (performance.now() - started < 20000) {
        setTimeout(poll, 30);
      }
    };
    poll();
  });
}

// ---------- loading a definition ----------

/** A pasted diagram's definition: the text of its `.idiagram` element, or the text itself. */
function definitionFrom(pasted) {
  if (!/<div[^>]*idiagram/i.test(pasted)) return pasted;
  // DOMParser builds an inert document: no scripts run, no images load.
  const doc = new DOMParser().parseFromString(pasted, 'text/html');
  const host = doc.querySelector('.idiagram');
  return host ? host.textContent : pasted;
}

function loadDefinition(pasted) {
  const text = definitionFrom(pasted);
  const m = JSON.parse(definition_model(text));
  const d = m.definition;
  const errors = m.diagnostics.filter((p) => p.severity === 'error').map((p) => p.text);
  const status = $('load-status');
  if (!d.pieces.length) {
    status.textContent = 'No piece lines found: nothing loaded.' + (errors.length ? ' ' + errors.join('; ') : '');
    return false;
  }
  base = d;
  const shown = (k) => {
    const hits = d.params.filter((p) => p.key === k);
    return hits.length ? hits[hits.length - 1].value : null;
  };
  $('files').value = d.files;
  $('ranks').value = d.ranks;
  const light = shown('lightShade');
  const dark = shown('darkShade');
  const hex = (v) => /^#[0-9a-f]{6}$/i.test(v || '');
  // The colour fields take #rrggbb; other colours (names, #abc) stay as written lines.
  const shades = hex(light) && hex(dark);
  $('own-shades').checked = shades;
  if (shades) {
    $('light').value = light;
    $('dark').value = dark;
  }
  $('extra').value = shades ? '' : d.params.filter((p) => p.key === 'lightShade' || p.key === 'darkShade').map((p) => `${p.key}=${p.value}`).join('\n');
  $('square-size').value = shown('squareSize') || 50;
  $('coords').checked = shown('firstRank') !== null;
  firstRank = /^-?\d+$/.test(shown('firstRank') || '') ? +shown('firstRank') : 1;
  $('graphics-dir').value = shown('graphicsDir') || '';
  $('graphics-type').value = shown('graphicsType') || '';
  // The typed values as the parser resolved them (defaults filled in).
  $('promo-zone').value = d.promo_zone;
  $('max-promote').value = d.max_promote;
  $('promo-choice').value = m.promoChoice ?? '';
  $('holdings').value = String(d.holdings_type);
  // `stalemate=win` and the undocumented `loss` both make the stalemated side lose (the
  // Diagram has no stalemated-side win), so both show as the one choice that writes `win`.
  $('stalemate').value = d.rules.stalemate === 'draw' ? 'draw' : 'win';
  $('baring').value = d.rules.baring.includes('AllNonRoyal') ? 'on' : 'off';
  $('counterbare').value = d.rules.counterbare === 'loss' ? 'loss' : 'draw';
  const royal = new Set(d.royal);
  pieces = [];
  board = new Map();
  d.pieces.forEach((p, i) => {
    const piece = newPiece({ name: p.name, id: p.id, image: p.image, hand: p.hand, blackHand: p.black_hand, royal: royal.has(i), morph: m.morphs[i] || '', ...splitCastling(p.betza) });
    pieces.push(piece);
    for (const c of p.white) board.set(key(c.file, c.rank), { uid: piece.uid, color: 0 });
    for (const c of p.black) board.set(key(c.file, c.rank), { uid: piece.uid, color: 1 });
  });
  for (const c of d.holes) board.set(key(c.file, c.rank), { hole: true });
  chosen = pieces[0].uid;
  $('mirror').value = d.symmetry === 'rotate' ? 'rotate' : d.symmetry === 'none' ? 'off' : 'mirror';
  status.textContent = `Loaded ${pieces.length} piece types.` + (errors.length ? ` The definition has errors: ${errors.join('; ')}` : '');
  drawAll();
  return true;
}

// ---------- start ----------

async function loadCatalogue() {
  const status = $('cat-status');
  try {
    const r = await fetch('/api/pieces');
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    catalogue = await r.json();
    status.textContent = `${catalogue.length} pieces`;
  } catch (e) {
    catalogue = [];
    status.textContent = 'The catalogue is served by `fairyboard serve` (/api/pieces); here you can still write your own pieces.';
  }
  drawCatalogue();
}

async function start() {
  await init();
  startDesign();
  watchPreview();
  for (const id of ['files', 'ranks']) {
    $(id).addEventListener('input', () => {
      const { files, ranks } = size();
      for (const k of [...board.keys()]) {
        const [f, r] = k.split(',').map(Number);
        if (f >= files || r >= ranks) board.delete(k);
      }
      drawBoard();
      changed();
    });
  }
  for (const id of ['coords', 'graphics-dir', 'graphics-type', 'own-shades', 'light', 'dark', 'square-size', 'promo-zone', 'max-promote', 'promo-choice', 'holdings', 'stalemate', 'baring', 'counterbare', 'extra']) {
    $(id).addEventListener('input', changed);
    $(id).addEventListener('change', changed);
  }
  for (const id of ['own-shades', 'light', 'dark']) $(id).addEventListener('input', drawBoard);
  for (const r of document.querySelectorAll('input[name=color], input[name=tool]')) r.addEventListener('change', drawPalette);
  // The tools are radio buttons that can also be switched off again.
  for (const id of ['tool-remove', 'tool-hole']) {
    const box = $(id);
    box.addEventListener('click', () => {
      if (box.dataset.was === '1') box.checked = false;
      box.dataset.was = box.checked ? '1' : '0';
      for (const other of ['tool-remove', 'tool-hole']) if (other !== id) $(other).dataset.was = '0';
      drawPalette();
    });
  }
  $('clear').addEventListener('click', () => {
    board = new Map();
    drawBoard();
    changed();
  });
  $('cat-search').addEventListener('input', drawCatalogue);
  $('cat-add').addEventListener('click', addFromCatalogue);
  $('cat-list').addEventListener('dblclick', addFromCatalogue);
  $('own-add').addEventListener('click', () => addPiece({ name: '', id: '', betza: '' }));
  $('load').addEventListener('click', () => loadDefinition($('load-text').value));
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('html').value);
      $('copy-status').textContent = 'copied';
    } catch (_) {
      $('html').select();
      $('copy-status').textContent = 'select all and copy (Ctrl+C)';
    }
  });
  drawAll();
  await loadCatalogue();
  document.documentElement.dataset.wizardReady = '1';
}

start().catch((e) => {
  $('problems').textContent = 'The wizard could not start: ' + e;
});
