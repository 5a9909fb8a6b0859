// fairyboard's Interactive Diagram for the browser.
//
// Every element with class "idiagram" holds a definition in H. G. Muller's Interactive Diagram
// format; this module turns each into a live board. The rules are fairyboard's Rust core
// compiled to WebAssembly (web/pkg/, built by scripts/build-web.sh): this file only draws and
// routes clicks.
//
//   <div class="idiagram">files=8 ... king::::e1</div>
//   <script type="module" src="/web/idiagram.js"></script>
//
// Definition text is untrusted: names, IDs and image fields are only ever used as text
// (textContent) or as URLs, never as markup.

import init, { Diagram, mark_key } from './pkg/fairyboard_wasm.js';
import { artUrl, pieceElement } from './art.js';

const diagrams = [];
const FILES = 'abcdefghijklmnopqrstuvwxyz';
const sqName = (f, r) => FILES[f] + (r + 1);

/** What each mark of a move diagram means, for the key under the board (in this order):
 * `[name, meaning]` pairs from the rules core (the rules page's legend says the same). */
let KEY = null;
const markKey = () => (KEY ??= JSON.parse(mark_key()));

/** Move-highlight classes by kind; context kinds use the opposite system (see the CSS). */
const MARK_CLASS = {
  move: 'idg-move', capture: 'idg-capture', both: 'idg-both', locust: 'idg-locust',
  screen: 'idg-screen', hop: 'idg-hop', hover: 'idg-hover', illegal: 'idg-illegal',
  stop: 'idg-stop', transit: 'idg-transit', slide: 'idg-slide', leap: 'idg-leap',
  initial: 'idg-initial', castle: 'idg-castle', block: 'idg-block', 'hop-capture': 'idg-hop-capture',
  promotes: 'idg-promotes', outside: 'idg-outside',
};

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The definition text of a diagram element, as the Interactive Diagram reads it: its text,
 * with a line end for each `<br>` and after each paragraph-like element. Pages written in a
 * rich-text editor separate the lines only by `<br>` or `<p>`, which plain `textContent`
 * would glue together (`files=8ranks=8`). The parser reads blanks and no-break spaces alike.
 */
function definitionText(host) {
  const copy = host.cloneNode(true);
  for (const br of copy.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of copy.querySelectorAll('p, div, pre, li, tr, td, th, h1, h2, h3, h4, h5, h6')) {
    block.append('\n');
  }
  return copy.textContent;
}

class IDiagram {
  constructor(host, index) {
    this.host = host;
    this.index = index;
    this.text = definitionText(host);
    this.engine = new Diagram(this.text);
    this.info = JSON.parse(this.engine.info());
    this.app = this.info.appearance;
    this.size = Math.max(12, Math.min(200, this.app.squareSize || 50));
    // On a narrow screen (a phone) the board would run past the window's right edge: its
    // squares shrink until the board and its coordinate rim fit, never below 20 px.
    const room = document.documentElement.clientWidth - host.getBoundingClientRect().left - 8;
    const fit = Math.floor(room / (this.info.files + 0.5));
    if (room > 0 && fit < this.size) this.size = Math.max(20, fit);
    this.variant = host.dataset.variant || '';
    // Each piece type's licensed art and disc letter (the Rust rule, as on the server).
    this.art = JSON.parse(this.engine.art(this.variant));
    this.freeMode = false;
    this.interacted = false;
    this.selection = null; // {from:[f,r]|null, hand:{piece,color}|null, moves, prefix}
    this.showing = null; // move diagram: {piece, promotedStep, diagram}
    this.aiOpen = false;
    this.aiBusy = false;
    this.aiSide = null; // the side the AI plays (0 White, 1 Black), null: none
    this.worker = null;
    // Thinking time per AI move (ms): the definition's aiTime=, else data-ai-ms on the
    // diagram element, else one second; the AI bar can change it.
    this.aiMs = Math.max(10, Math.min(60000, this.app.aiTime || +host.dataset.aiMs || 1000));
    this.build();
    this.refresh();
    this.startMode();
  }

  /**
   * Free mode from the start (the Interactive Diagram's own habit: rules only as a help) when
   * the definition says freeMode=1, or for an enableAI=0 sandbox whose pieces all start in
   * the hands (nothing to play, everything to set up).
   */
  startMode() {
    if (!this.state) return;
    const empty = this.state.cells.every((c) => !c);
    const inHand = this.state.hands.some((h) => h.some((n) => n > 0));
    this.setFree(!!this.app.freeMode || (this.info.enableAI === 0 && empty && inHand));
  }

  setFree(on) {
    this.freeMode = on;
    this.autoFree = false;
    this.freeBox.checked = on;
    this.board.dataset.free = on ? '1' : '0';
  }

  /** A short message on the board: why a click was refused, what changed. */
  say(text) {
    this.note.textContent = text;
    this.note.hidden = false;
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => {
      this.note.hidden = true;
    }, 5000);
  }

  // ---------- building the page elements ----------

  build() {
    const host = this.host;
    host.textContent = '';
    host.classList.add('idg-host');
    const { files, ranks } = this.info;
    const S = this.size;
    const coords = this.app.firstRank !== null && this.app.firstRank !== undefined;
    const rim = coords ? Math.round(S * 0.45) : 0;
    const wrap = el('div', 'idg-wrap');
    const board = el('div', 'idg-board');
    board.style.width = files * S + rim + 'px';
    board.style.height = ranks * S + rim + 'px';
    if (coords) board.style.backgroundColor = this.app.rimColor;
    if (this.app.background) board.style.backgroundImage = `url(${JSON.stringify(this.app.background)})`;
    if (!this.app.borders) board.classList.add('idg-noborders');
    this.board = board;
    this.squares = new Map();
    const holes = new Set(this.info.holes.map(([f, r]) => f + ',' + r));
    for (let r = 0; r < ranks; r++) {
      for (let f = 0; f < files; f++) {
        const sq = el('div', 'idg-sq');
        sq.style.left = rim + f * S + 'px';
        sq.style.top = (ranks - 1 - r) * S + 'px';
        sq.style.width = sq.style.height = S + 'px';
        sq.dataset.square = sqName(f, r);
        sq.dataset.file = f;
        sq.dataset.rank = r;
        sq.dataset.light = (f + r) % 2 === 1 ? '1' : '0';
        if (holes.has(f + ',' + r)) {
          sq.classList.add('idg-hole');
          sq.style.backgroundColor = this.app.holeColor;
        }
        board.appendChild(sq);
        this.squares.set(f + ',' + r, sq);
      }
    }
    if (coords) {
      for (let r = 0; r < ranks; r++) {
        const c = el('div', 'idg-coord', String(this.app.firstRank + r));
        c.style.left = '0px';
        c.style.top = (ranks - 1 - r) * S + 'px';
        c.style.width = rim + 'px';
        c.style.height = c.style.lineHeight = S + 'px';
        c.style.color = this.app.coordColor;
        board.appendChild(c);
      }
      for (let f = 0; f < files; f++) {
        const c = el('div', 'idg-coord', FILES[f]);
        c.style.left = rim + f * S + 'px';
        c.style.top = ranks * S + 'px';
        c.style.width = S + 'px';
        c.style.height = c.style.lineHeight = rim + 'px';
        c.style.color = this.app.coordColor;
        board.appendChild(c);
      }
    }
    this.rim = rim;
    this.shade();
    this.note = el('div', 'idg-note');
    this.note.setAttribute('role', 'status');
    this.note.hidden = true;
    board.appendChild(this.note);
    wrap.appendChild(board);

    // Status line, mode switch, legend and AI links.
    const bar = el('div', 'idg-links');
    this.status = el('span', 'idg-status');
    const free = el('label', 'idg-free');
    this.freeBox = el('input');
    this.freeBox.type = 'checkbox';
    this.freeBox.addEventListener('change', () => {
      this.setFree(this.freeBox.checked);
      this.clearSelection();
    });
    free.append(this.freeBox, document.createTextNode(' free moves'));
    const legendLink = el('a', 'idg-legend-link', 'Pieces');
    legendLink.href = '#';
    const aiLink = el('a', 'idg-ai-link', 'Play it!');
    aiLink.href = '#';
    // Move diagrams: Black's direction on request.
    this.blackView = el('label', 'idg-black-view');
    this.blackBox = el('input');
    this.blackBox.type = 'checkbox';
    this.blackBox.addEventListener('change', () => {
      const s = this.showing;
      if (s) this.drawDiagram(s.piece, s.base);
    });
    this.blackView.append(this.blackBox, document.createTextNode(" Black's moves"));
    this.blackView.hidden = true;
    bar.append(this.status, free, legendLink, this.blackView);
    if (this.info.enableAI !== 0 && this.info.playable) bar.append(aiLink);
    wrap.appendChild(bar);

    // The key to a move diagram's marks, shown with the diagram.
    this.key = el('div', 'idg-key');
    this.key.hidden = true;
    wrap.appendChild(this.key);

    this.showProblems(wrap);

    // AI bar.
    this.aiBar = this.buildAiBar();
    wrap.appendChild(this.aiBar);

    // Legend: a satellite table if the page has one, else a collapsible one here.
    const sat = this.app.satellite || 'piece';
    const satTable = document.getElementById(sat + 'Table');
    if (satTable) {
      this.legend = satTable;
      legendLink.remove();
    } else {
      this.legend = el('table', 'idg-legend');
      this.legend.hidden = true;
      wrap.appendChild(this.legend);
    }
    this.legend.classList.add('idg-legend');
    legendLink.addEventListener('click', (e) => {
      e.preventDefault();
      this.legend.hidden = !this.legend.hidden;
    });
    aiLink.addEventListener('click', (e) => {
      e.preventDefault();
      this.aiOpen = !this.aiOpen;
      this.aiBar.hidden = !this.aiOpen;
      // The engine takes the side that is not to move: it answers the next move made.
      if (this.aiOpen && this.state) this.setAiSide(1 - this.state.side);
    });
    const satList = document.getElementById(sat + 'List');
    if (satList) this.fillList(satList);
    host.appendChild(wrap);
    this.wireBoard();
  }

  // Problems with the definition, under the board. Readers of a playable board see no red
  // list, only a small "⚠ N notes" link that opens it (the notes say what was skipped, as the
  // original Interactive Diagram silently does); a board that cannot be played shows its
  // problems in full. The wizard lists everything in its own panel.
  showProblems(wrap) {
    const problems = this.info.problems;
    if (problems.length) {
      const ul = el('ul', 'idg-problems');
      for (const p of problems) ul.appendChild(el('li', 'idg-' + p.severity, p.text));
      if (this.info.playable) {
        const n = problems.length;
        const link = el('a', 'idg-notes-link', '\u26a0 ' + n + (n === 1 ? ' note' : ' notes'));
        link.href = '#';
        link.title = 'What was skipped or changed in this definition';
        link.setAttribute('aria-expanded', 'false');
        ul.hidden = true;
        link.addEventListener('click', (e) => {
          e.preventDefault();
          ul.hidden = !ul.hidden;
          link.setAttribute('aria-expanded', String(!ul.hidden));
        });
        wrap.append(link, ul);
      } else {
        wrap.appendChild(ul);
      }
    }
    if (!this.info.playable) {
      wrap.appendChild(el('div', 'idg-error', 'This definition has errors; the board cannot be played.'));
    }
  }

  shade() {
    const a = this.app;
    const dark = !this.interacted && a.startShade ? a.startShade : a.darkShade;
    for (const sq of this.squares.values()) {
      if (sq.classList.contains('idg-hole')) continue;
      const c = sq.dataset.light === '1' ? a.lightShade : dark;
      sq.classList.toggle('idg-default-light', !c && sq.dataset.light === '1');
      sq.classList.toggle('idg-default-dark', !c && sq.dataset.light !== '1');
      sq.style.backgroundColor = c === '#' ? 'transparent' : c || '';
    }
  }

  buildAiBar() {
    const bar = el('div', 'idg-ai');
    bar.hidden = true;
    const buttons = el('div', 'idg-ai-buttons');
    const button = (label, title, fn) => {
      const b = el('button', 'idg-ai-' + title, label);
      b.type = 'button';
      b.title = title;
      b.addEventListener('click', fn);
      buttons.appendChild(b);
      return b;
    };
    button('|<', 'start', () => this.navigate(0));
    button('<', 'back', () => this.navigate(this.state.ply - 1));
    button('>', 'forward', () => this.navigate(this.state.ply + 1));
    button('>|', 'end', () => this.navigate(this.state.length));
    button('Restart', 'restart', () => this.restart());
    button('Replay', 'replay', () => this.replay());

    // Who the AI plays, "move now", thinking time and the thinking state.
    const play = el('div', 'idg-ai-play');
    const side = (label, title, color) => {
      const b = el('button', 'idg-ai-' + title, label);
      b.type = 'button';
      b.title = 'the AI plays ' + (color === 0 ? 'White' : 'Black') + ' (click again: nobody)';
      b.addEventListener('click', () => {
        this.setAiSide(this.aiSide === color ? null : color);
        this.maybeAiMove();
      });
      play.appendChild(b);
      return b;
    };
    this.aiWhite = side('AI plays White', 'white', 0);
    this.aiBlack = side('AI plays Black', 'black', 1);
    const now = el('button', 'idg-ai-now', 'Move now');
    now.type = 'button';
    now.title = 'the AI moves for the side to move now (while thinking: at once)';
    now.addEventListener('click', () => this.moveNow());
    const time = el('label', 'idg-ai-time-label', 'time ');
    this.aiTime = el('select', 'idg-ai-time');
    const times = [100, 500, 1000, 2000, 5000, 10000, 30000];
    if (!times.includes(this.aiMs)) times.push(this.aiMs);
    for (const ms of times.sort((a, b) => a - b)) {
      const o = el('option', '', ms < 1000 ? ms / 1000 + ' s' : ms / 1000 + ' s');
      o.value = String(ms);
      this.aiTime.appendChild(o);
    }
    this.aiTime.value = String(this.aiMs);
    this.aiTime.addEventListener('change', () => {
      this.aiMs = +this.aiTime.value;
    });
    time.appendChild(this.aiTime);
    this.thinking = el('span', 'idg-thinking', 'thinking…');
    this.thinking.hidden = true;
    play.append(now, time, this.thinking);

    // The record: the moves as links, the current one marked; the text box below takes a
    // pasted game.
    this.moves = el('div', 'idg-moves');
    this.moves.addEventListener('click', (e) => {
      const m = e.target.closest('.idg-ply');
      if (m) this.navigate(+m.dataset.ply);
    });
    this.record = el('textarea', 'idg-record');
    this.record.rows = 3;
    this.record.spellcheck = false;
    this.record.addEventListener('change', () => this.replay());
    this.announce = el('div', 'idg-announce');
    bar.append(buttons, play, this.moves, this.record, this.announce);
    return bar;
  }

  setAiSide(color) {
    this.aiSide = color;
    this.aiWhite.setAttribute('aria-pressed', String(color === 0));
    this.aiBlack.setAttribute('aria-pressed', String(color === 1));
  }

  /** The record as links, one per move, the one leading to the shown position marked. */
  fillMoves(text) {
    this.moves.textContent = '';
    let ply = 0;
    for (const token of text.split(/\s+/)) {
      if (!token) continue;
      if (/^\d+\.+$/.test(token) || /^\{\d+\}$/.test(token)) {
        this.moves.append(el('span', 'idg-num', token), ' ');
        continue;
      }
      ply += 1;
      const m = el('a', 'idg-ply', token);
      m.dataset.ply = String(ply);
      if (ply === this.state.ply) m.classList.add('idg-current');
      this.moves.append(m, ' ');
    }
  }

  fillList(list) {
    list.textContent = '';
    const asList = list.tagName === 'UL' || list.tagName === 'OL';
    const state = JSON.parse(this.engine.state());
    this.info.pieces.forEach((p, i) => {
      const where = [];
      if (state.cells) {
        state.cells.forEach((c, k) => {
          if (c && c.piece === i && c.color === 0) where.push(sqName(k % this.info.files, Math.floor(k / this.info.files)));
        });
      }
      const text = `${where.length ? where.join(',') : 'in hand'}: ${p.name} (${p.betza})`;
      const item = el(asList ? 'li' : 'span', 'idg-list-item', text);
      item.addEventListener('click', () => this.showMoves(i));
      list.appendChild(item);
      if (!asList && i + 1 < this.info.pieces.length) list.appendChild(document.createTextNode('; '));
    });
  }

  fillLegend() {
    const t = this.legend;
    t.textContent = '';
    const head = el('tr');
    for (const h of ['', 'name', 'ID', 'move', 'white', 'black']) head.appendChild(el('th', '', h));
    t.appendChild(head);
    const S = Math.min(this.size, 40);
    this.info.pieces.forEach((p, i) => {
      const tr = el('tr', 'idg-legend-row');
      tr.dataset.piece = i;
      const img = el('td', 'idg-legend-img');
      img.appendChild(this.pieceNode(i, 0, S));
      const name = el('td', 'idg-legend-name');
      const a = el('a', '', p.name);
      a.href = '#';
      a.addEventListener('click', (e) => {
        e.preventDefault();
        this.showMoves(i);
      });
      name.appendChild(a);
      tr.append(img, name, el('td', 'idg-legend-id', p.id), el('td', 'idg-legend-betza', p.betza));
      for (const color of [0, 1]) {
        const n = this.state && this.state.hands ? this.state.hands[color][i] : 0;
        const td = el('td', 'idg-hand');
        td.dataset.piece = i;
        td.dataset.color = color;
        if (n > 0) {
          const node = this.pieceNode(i, color, S);
          node.classList.add('idg-hand-piece');
          td.append(node, el('span', 'idg-hand-count', String(n)));
          td.addEventListener('pointerdown', (e) => this.handDown(e, i, color));
        }
        tr.appendChild(td);
      }
      t.appendChild(tr);
    });
  }

  pieceNode(i, color, size) {
    const p = this.info.pieces[i];
    const art = this.art[i];
    const sources = [p.images && p.images[color], artUrl(art, color)];
    const node = pieceElement(p.name, art ? art.letter : '?', color, size, sources);
    node.classList.add('idg-piece');
    node.dataset.piece = i;
    node.dataset.color = color;
    node.style.width = node.style.height = size + 'px';
    return node;
  }

  // ---------- drawing ----------

  refresh() {
    if (!this.info.playable) {
      // No game, but the legend still lists what the definition says.
      this.state = null;
      this.status.textContent = '';
      this.fillLegend();
      return;
    }
    this.state = JSON.parse(this.engine.state());
    this.showing = null;
    delete this.board.dataset.showing;
    delete this.board.dataset.showingSide;
    this.blackView.hidden = true;
    this.key.hidden = true;
    this.drawPieces(this.state.cells, null);
    this.clearMarks();
    if (this.state.last) {
      for (const [f, r] of this.state.last) {
        const sq = this.squares.get(f + ',' + r);
        if (sq) sq.classList.add('idg-last');
      }
    }
    this.board.dataset.side = this.state.side === 0 ? 'white' : 'black';
    this.board.dataset.fen = this.state.fen;
    const o = this.state.outlook;
    let text = (this.state.side === 0 ? 'White' : 'Black') + ' to move';
    if (o.over) text = `${o.result} (${o.reason})`;
    else if (o.check) text += ' — check';
    this.status.textContent = text;
    this.announce.textContent = o.over ? `Game over: ${o.result} by ${o.reason}` : '';
    // After the game: free mode, to explore the final position or play on from it; back in
    // a running game (stepping back, a new game) the rules apply again.
    if (o.over && !this.freeMode) {
      this.setFree(true);
      this.autoFree = true;
    } else if (!o.over && this.autoFree) {
      this.setFree(false);
    }
    if (o.over && this.autoFree) this.announce.textContent += ' — free moves: explore or play on';
    this.record.value = this.engine.record();
    this.fillMoves(this.record.value);
    this.fillLegend();
  }

  drawPieces(cells, probe) {
    for (const sq of this.squares.values()) {
      for (const p of sq.querySelectorAll('.idg-piece')) p.remove();
    }
    const files = this.info.files;
    cells.forEach((c, k) => {
      if (!c) return;
      const sq = this.squares.get((k % files) + ',' + Math.floor(k / files));
      if (sq) sq.appendChild(this.pieceNode(c.piece, c.color, this.size));
    });
    if (probe) {
      const sq = this.squares.get(probe[0][0] + ',' + probe[0][1]);
      if (sq) sq.appendChild(this.pieceNode(probe[1].piece, probe[1].color, this.size));
    }
  }

  clearMarks() {
    for (const sq of this.squares.values()) {
      sq.classList.remove('idg-last', 'idg-from', ...Object.values(MARK_CLASS), 'idg-ctx');
      sq.removeAttribute('data-mark');
    }
  }

  /** Paint one mark of the engine's answer; `way` (move diagrams: slide or leap) colours
   * a move-or-capture square as the rules page does. */
  mark(f, r, kind, way) {
    const sq = this.squares.get(f + ',' + r);
    if (!sq) return;
    for (const k of kind.split('+')) {
      sq.classList.add(MARK_CLASS[k] || 'idg-move');
      if (k === 'hover') sq.classList.add('idg-ctx');
    }
    if (way) sq.classList.add(MARK_CLASS[way]);
    sq.dataset.mark = kind;
    if (this.app.useMarkers) sq.classList.add('idg-markers');
  }

  firstTouch() {
    if (!this.interacted) {
      this.interacted = true;
      this.shade();
    }
  }

  // ---------- move diagrams (legend, ShowMoves) ----------

  showMoves(i) {
    if (!this.info.playable || i < 0 || i >= this.info.pieces.length) return;
    this.firstTouch();
    this.clearSelection();
    // Second click on the same piece: its promoted form (shogi style), then the game again.
    if (this.showing && this.showing.base === i) {
      const promoted = this.info.pieces[i].promoted;
      if (this.showing.piece === i && promoted !== null && promoted !== undefined) {
        this.drawDiagram(promoted, i);
        return;
      }
      this.refresh();
      return;
    }
    this.drawDiagram(i, i);
  }

  drawDiagram(piece, base, hover) {
    const args = hover ? [hover[0], hover[1]] : [-1, -1];
    const black = this.blackBox.checked;
    const d = JSON.parse(this.engine.move_diagram(piece, args[0], args[1], black));
    if (d.ok === false) return;
    const cells = new Array(this.info.files * this.info.ranks).fill(null);
    cells[d.at[1] * this.info.files + d.at[0]] = { piece, color: d.color };
    this.drawPieces(cells, d.probe);
    this.clearMarks();
    for (const m of d.marks) this.mark(m.file, m.rank, m.kind, m.way);
    if (!hover) this.showing = { piece, base, diagram: d };
    this.board.dataset.showing = String(piece);
    this.board.dataset.showingSide = black ? 'black' : 'white';
    this.blackView.hidden = false;
    if (!hover) this.fillKey(d.marks);
  }

  /** The key: a sample of each shape the diagram shows, with what it means. */
  fillKey(marks) {
    const shown = new Set();
    for (const m of marks) {
      for (const k of m.kind.split('+')) shown.add(k === 'both' ? 'both ' + (m.way || 'slide') : k);
    }
    this.key.replaceChildren();
    for (const [kind, meaning] of markKey()) {
      if (!shown.has(kind)) continue;
      const item = el('span', 'idg-key-item');
      item.dataset.kind = kind;
      const swatch = el('span', 'idg-swatch');
      for (const k of kind.split(' ')) swatch.classList.add(MARK_CLASS[k]);
      if (kind === 'hover') swatch.dataset.mark = 'hover';
      item.append(swatch, document.createTextNode(meaning));
      this.key.appendChild(item);
    }
    this.key.hidden = !this.key.childElementCount;
  }

  hoverSquare(f, r, entering) {
    if (!this.showing) return;
    const kind = (this.showing.diagram.marks.find((m) => m.file === f && m.rank === r) || {}).kind || '';
    if (entering && kind.includes('hover')) {
      this.drawDiagram(this.showing.piece, this.showing.base, [f, r]);
    } else if (!entering && kind.includes('hover')) {
      const s = this.showing;
      this.drawDiagram(s.piece, s.base);
    }
  }

  // ---------- interaction ----------

  wireBoard() {
    const board = this.board;
    board.addEventListener('pointerdown', (e) => this.boardDown(e));
    board.addEventListener('pointerover', (e) => {
      const sq = e.target.closest('.idg-sq');
      if (sq && this.showing) this.hoverSquare(+sq.dataset.file, +sq.dataset.rank, true);
    });
    board.addEventListener('pointerout', (e) => {
      const sq = e.target.closest('.idg-sq');
      if (sq && this.showing && !sq.contains(e.relatedTarget)) this.hoverSquare(+sq.dataset.file, +sq.dataset.rank, false);
    });
  }

  squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const sq = hit && hit.closest ? hit.closest('.idg-sq') : null;
    return sq && this.board.contains(sq) ? sq : null;
  }

  boardDown(e) {
    if (!this.info.playable || e.button > 0) return;
    const sq = e.target.closest('.idg-sq');
    if (!sq) return;
    e.preventDefault();
    this.firstTouch();
    if (this.showing) {
      // A click on the board brings the game back (touch: a tap on a context square hovers).
      if (e.pointerType === 'touch' && (sq.dataset.mark || '').includes('hover')) {
        this.hoverSquare(+sq.dataset.file, +sq.dataset.rank, true);
        return;
      }
      this.refresh();
      return;
    }
    const f = +sq.dataset.file;
    const r = +sq.dataset.rank;
    const pieceEl = sq.querySelector('.idg-piece');
    // A click that continues a selection.
    if (this.selection && this.targetsOf(f, r).length) {
      this.clickTarget(f, r);
      return;
    }
    if (this.substitute(f, r) || this.refuse(f, r)) return;
    if (!pieceEl) {
      if (this.selection && this.freeMode && (this.selection.from || this.selection.hand)) {
        // Free mode: the picked piece (from the board or a hand) goes there.
        this.dropOn(f, r);
      } else {
        this.clearSelection();
      }
      return;
    }
    if (this.selection && this.selection.from && this.selection.from[0] === f && this.selection.from[1] === r && !this.selection.prefix.length) {
      // Clicking the picked piece again puts it back, unless it is dragged. (A piece that
      // can pass, like a Lion, has its own square as a target: that click passes.)
      this.startDrag(e, sq, pieceEl, true);
      return;
    }
    if (this.selection && this.freeMode && this.selection.from) {
      // Free mode: anything may go anywhere, also onto pieces.
      this.freeRelocate(this.selection.from, [f, r]);
      return;
    }
    this.select(f, r);
    this.startDrag(e, sq, pieceEl, false);
  }

  select(f, r) {
    const pick = JSON.parse(this.engine.pick(f, r));
    this.selection = { from: [f, r], hand: null, moves: pick.moves, prefix: [], marks: pick.marks };
    this.showSelection();
  }

  showSelection() {
    this.clearMarks();
    const s = this.selection;
    if (!s) return;
    if (s.from) {
      const sq = this.squares.get(s.from[0] + ',' + s.from[1]);
      if (sq) sq.classList.add('idg-from');
    }
    // The engine's marks for the squares clicked so far; those squares stay marked.
    for (const m of s.marks) this.mark(m.file, m.rank, m.kind);
    for (const p of s.prefix) {
      const sq = this.squares.get(p[0] + ',' + p[1]);
      if (sq) sq.classList.add('idg-locust');
    }
  }

  /** The engine's mark on a square of the selection, if any. */
  markAt(f, r) {
    const s = this.selection;
    return s && s.marks.find((m) => m.file === f && m.rank === r);
  }

  /** Whether the selection's move number `i` may be played now. */
  usable(i) {
    return this.freeMode || (this.selection.moves[i].legal && this.canMove());
  }

  canMove() {
    const s = this.selection;
    if (s.hand) return s.hand.color === this.state.side;
    const c = this.state.cells[s.from[1] * this.info.files + s.from[0]];
    return c && c.color === this.state.side;
  }

  /** The moves a click on a square ends or continues, as the engine marked them. */
  targetsOf(f, r) {
    const m = this.markAt(f, r);
    if (!m) return [];
    return [...(m.ends || []), ...(m.goes_on || [])].filter((i) => this.usable(i));
  }

  clickTarget(f, r) {
    const s = this.selection;
    const m = this.markAt(f, r);
    const ends = (m.ends || []).filter((i) => this.usable(i)).map((i) => s.moves[i]);
    const longer = (m.goes_on || []).filter((i) => this.usable(i));
    if (longer.length && s.from) {
      // A multi-leg move goes on from here: ask for the next leg's marks.
      s.prefix.push([f, r]);
      const flat = new Int32Array(s.prefix.flat());
      const next = JSON.parse(this.engine.pick_after(s.from[0], s.from[1], flat));
      s.moves = next.moves;
      s.marks = next.marks;
      this.showSelection();
      return;
    }
    this.finish(ends.length ? ends : longer.map((i) => s.moves[i]));
  }

  finish(moves) {
    if (!moves.length) return;
    const choices = [];
    for (const m of moves) if (!choices.some((c) => c.promotion === m.promotion)) choices.push(m);
    if (choices.length > 1) {
      this.choosePromotion(choices);
      return;
    }
    this.commit(choices[0]);
  }

  commit(m) {
    const color = this.selection && this.selection.hand ? this.selection.hand.color : null;
    const from = this.selection && this.selection.from;
    let res;
    if (this.freeMode) {
      const c = from ? this.state.cells[from[1] * this.info.files + from[0]].color : color;
      res = JSON.parse(this.engine.play_free(m.uci, c));
    } else {
      res = JSON.parse(this.engine.play(m.uci));
    }
    this.selection = null;
    this.closeChooser();
    this.refresh();
    if (res.ok) this.afterHumanMove();
  }

  freeRelocate(from, to) {
    if (from[0] === to[0] && from[1] === to[1]) {
      this.clearSelection();
      return;
    }
    // A move the piece can make is played as such (captures, promotions); else the piece is
    // simply put there.
    if (this.selection.prefix.length) {
      const pick = JSON.parse(this.engine.pick(from[0], from[1]));
      Object.assign(this.selection, { prefix: [], moves: pick.moves, marks: pick.marks });
    }
    const direct = this.targetsOf(to[0], to[1]);
    if (direct.length) {
      this.clickTarget(to[0], to[1]);
      return;
    }
    this.engine.relocate(from[0], from[1], to[0], to[1]);
    this.selection = null;
    this.refresh();
  }

  clearSelection() {
    this.selection = null;
    this.closeChooser();
    if (this.state) {
      this.clearMarks();
      if (this.state.last) {
        for (const [f, r] of this.state.last) {
          const sq = this.squares.get(f + ',' + r);
          if (sq) sq.classList.add('idg-last');
        }
      }
    }
  }

  choosePromotion(choices) {
    this.closeChooser();
    const box = el('div', 'idg-chooser');
    box.appendChild(el('div', 'idg-chooser-title', 'Promote to:'));
    const color = this.selection.hand ? this.selection.hand.color : this.state.cells[this.selection.from[1] * this.info.files + this.selection.from[0]].color;
    for (const m of choices) {
      const b = el('button', 'idg-choice');
      b.type = 'button';
      if (m.promotion === null || m.promotion === undefined) {
        b.dataset.choice = 'defer';
        b.appendChild(el('span', 'idg-choice-defer', 'defer'));
      } else {
        b.dataset.choice = this.info.pieces[m.promotion].id;
        b.title = this.info.pieces[m.promotion].name;
        b.appendChild(this.pieceNode(m.promotion, color, Math.min(this.size, 40)));
      }
      b.addEventListener('click', (e) => {
        e.stopPropagation();
        this.commit(m);
      });
      box.appendChild(b);
    }
    const cancel = el('button', 'idg-choice-cancel', '×');
    cancel.type = 'button';
    cancel.addEventListener('click', () => this.clearSelection());
    box.appendChild(cancel);
    this.chooser = box;
    this.board.appendChild(box);
    // Highlight the choices in the legend too.
    for (const row of this.legend.querySelectorAll('.idg-legend-row')) {
      row.classList.toggle('idg-choosable', choices.some((m) => String(m.promotion) === row.dataset.piece));
    }
  }

  closeChooser() {
    if (this.chooser) this.chooser.remove();
    this.chooser = null;
    if (this.legend) for (const row of this.legend.querySelectorAll('.idg-choosable')) row.classList.remove('idg-choosable');
  }

  // ---------- dragging (pointer events: mouse, pen and touch) ----------

  startDrag(e, sq, pieceEl, deselectOnClick) {
    const start = { x: e.clientX, y: e.clientY };
    let ghost = null;
    const move = (ev) => {
      if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > 4) {
        ghost = pieceEl.cloneNode(true);
        ghost.classList.add('idg-ghost');
        document.body.appendChild(ghost);
        pieceEl.classList.add('idg-lifted');
      }
      if (ghost) {
        ghost.style.left = ev.clientX - this.size / 2 + 'px';
        ghost.style.top = ev.clientY - this.size / 2 + 'px';
      }
    };
    const up = (ev) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      if (!ghost) {
        if (deselectOnClick) this.clearSelection();
        return;
      }
      ghost.remove();
      pieceEl.classList.remove('idg-lifted');
      const target = this.squareAt(ev.clientX, ev.clientY);
      if (!target || target === sq) return;
      this.dropOn(+target.dataset.file, +target.dataset.rank);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }

  dropOn(f, r) {
    if (!this.selection) return;
    if (this.targetsOf(f, r).length) {
      this.clickTarget(f, r);
    } else if (this.substitute(f, r) || this.refuse(f, r)) {
      // done: substituted, or the board says why not
    } else if (this.freeMode && this.selection.from) {
      this.freeRelocate(this.selection.from, [f, r]);
    } else if (this.freeMode && this.selection.hand) {
      const h = this.selection.hand;
      this.engine.place(h.piece, h.color, f, r, true);
      this.selection = null;
      this.refresh();
    } else {
      this.clearSelection();
    }
  }

  handDown(e, piece, color) {
    if (!this.info.playable) return;
    e.preventDefault();
    this.firstTouch();
    if (this.showing) this.refresh();
    if (!this.freeMode && color !== this.state.side) {
      // Out of turn: say so (the rules' own words) instead of a piece that will not drop.
      const why = JSON.parse(this.engine.refusal('', color));
      if (!why.ok) this.say(why.error);
    }
    const pick = color === this.state.side ? JSON.parse(this.engine.pick_hand(piece)) : { moves: [], marks: [] };
    this.selection = { from: null, hand: { piece, color }, moves: pick.moves, prefix: [], marks: pick.marks };
    this.showSelection();
    const td = e.currentTarget;
    const node = td.querySelector('.idg-piece');
    this.startDrag(e, td, node, false);
  }

  /**
   * A hand piece put on its own side's piece: the Interactive Diagram's substitution (the
   * replaced piece goes back to the hand). Free mode: always; with the rules: in turn.
   */
  substitute(f, r) {
    const s = this.selection;
    if (!s || !s.hand) return false;
    const c = this.state.cells[r * this.info.files + f];
    if (!c || c.color !== s.hand.color) return false;
    if (!this.freeMode && s.hand.color !== this.state.side) return false;
    const res = JSON.parse(this.engine.place(s.hand.piece, s.hand.color, f, r, true));
    this.selection = null;
    this.refresh();
    if (!res.ok) this.say(res.error);
    else if (!this.freeMode) this.afterHumanMove();
    return true;
  }

  /**
   * With the rules on, a click on a square the picked piece could reach were the rules not
   * in the way (the other side's turn, a royal left in check, the variant's own rules): the
   * board says why, and the piece is put down.
   */
  refuse(f, r) {
    const s = this.selection;
    if (!s || this.freeMode) return false;
    const k = s.prefix.length;
    const m = s.moves.find((x) => x.path[k] && x.path[k][0] === f && x.path[k][1] === r);
    const empty = !this.state.cells[r * this.info.files + f];
    let why;
    if (m) {
      const color = s.hand ? s.hand.color : this.state.cells[s.from[1] * this.info.files + s.from[0]].color;
      why = JSON.parse(this.engine.refusal(m.uci, color));
    } else if (s.hand && empty) {
      // A drop no legal move list holds: the rule that keeps it off (dropNoDoubled, ...).
      why = JSON.parse(this.engine.drop_refusal(s.hand.piece, s.hand.color, f, r));
    } else {
      return false;
    }
    if (why.ok) return false;
    this.clearSelection();
    this.say(why.error);
    return true;
  }

  // ---------- game record and AI ----------

  navigate(ply) {
    if (!this.state) return;
    ply = Math.max(0, Math.min(this.state.length, ply));
    this.engine.goto(ply);
    this.selection = null;
    this.refresh();
  }

  restart() {
    // A random start for shuffle games (the record shows its number as {n}).
    this.engine.restart((Math.random() * 0x100000000) >>> 0);
    this.selection = null;
    this.refresh();
    this.maybeAiMove();
  }

  replay() {
    const res = JSON.parse(this.engine.load_record(this.record.value));
    this.selection = null;
    const text = this.record.value;
    this.refresh();
    if (!res.ok) {
      this.record.value = text;
      this.announce.textContent = res.error;
    }
  }

  afterHumanMove() {
    if (this.aiOpen) this.maybeAiMove();
  }

  /** With the AI bar open, the engine moves when the side it plays is to move. */
  maybeAiMove() {
    if (!this.aiOpen || this.aiBusy || !this.state || this.state.outlook.over) return;
    if (this.state.side !== this.aiSide) return;
    this.think();
  }

  /**
   * "Move now": idle, the AI takes the side to move and moves; thinking, it is stopped (a
   * search in WebAssembly cannot be interrupted from outside, so its worker is ended) and
   * asked again for a quick move.
   */
  moveNow() {
    if (!this.state || this.state.outlook.over) return;
    if (this.aiBusy) {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.aiBusy = false;
      this.think(100);
      return;
    }
    this.setAiSide(this.state.side);
    this.think();
  }

  aiFailed(why) {
    this.aiBusy = false;
    this.thinking.hidden = true;
    delete this.board.dataset.thinking;
    this.announce.textContent = 'AI: ' + why;
    this.say('AI: ' + why);
  }

  think(ms) {
    if (!this.worker) {
      try {
        this.worker = aiWorker();
      } catch (err) {
        this.aiFailed('the AI could not be started: ' + (err.message || err));
        return;
      }
      this.worker.addEventListener('message', (e) => this.aiAnswer(e.data));
      this.worker.addEventListener('error', (e) => {
        e.preventDefault();
        this.worker = null;
        this.aiFailed('the AI stopped: ' + (e.message || 'its worker (ai-worker.js or the WebAssembly) did not load'));
      });
    }
    this.aiBusy = true;
    // The line (start setup by piece type, and moves), not the FEN: types sharing an ID
    // letter stay apart, and an answer for a position no longer shown is recognised.
    this.aiLine = this.engine.line();
    this.board.dataset.thinking = '1';
    this.thinking.hidden = false;
    this.worker.postMessage({ definition: this.text, line: this.aiLine, ms: ms || this.aiMs });
  }

  aiAnswer(data) {
    this.aiBusy = false;
    this.thinking.hidden = true;
    delete this.board.dataset.thinking;
    if (data && data.error) this.aiFailed(data.error);
    // Ignore an answer for a position that is no longer on the board.
    if (!data || !data.move || !this.state || this.engine.line() !== this.aiLine) return;
    const res = JSON.parse(this.engine.play(data.move));
    this.refresh();
    if (res.ok) this.board.dataset.aiMoves = String((+this.board.dataset.aiMoves || 0) + 1);
  }
}

/**
 * The AI's Web Worker. A page may load this module from another site (the classic include of
 * web/dist/), and browsers start workers only from the page's own origin: then a same-origin
 * blob module imports the worker script across origins (a CORS request, like this module's).
 */
function aiWorker() {
  const url = new URL('./ai-worker.js', import.meta.url);
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), { type: 'module' });
}

/** Show the moves of the N-th piece (1-based) of the first diagram, or of the one with that satellite name. */
function ShowMoves(n, satellite) {
  const d = satellite ? diagrams.find((x) => x.app.satellite === satellite) : diagrams[0];
  if (d) d.showMoves(n - 1);
}
window.ShowMoves = ShowMoves;

// Escape puts a picked-up piece back down.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') for (const d of diagrams) if (d.selection) d.clearSelection();
});

/** One script tag is enough: the stylesheet next to this module is linked if the page has not. */
function linkStyle() {
  const href = new URL('./idiagram.css', import.meta.url).href;
  if ([...document.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
}

async function start() {
  linkStyle();
  const hosts = [...document.querySelectorAll('.idiagram')];
  try {
    await init();
  } catch (err) {
    // Without the rules engine no board can be drawn: each diagram's box says why.
    const why = 'The diagram\'s rules engine (WebAssembly) could not be loaded: ' + (err && err.message ? err.message : err);
    for (const host of hosts) host.appendChild(el('div', 'idg-error', why));
    document.documentElement.dataset.idiagramError = why;
    document.documentElement.dataset.idiagramReady = '0';
    return;
  }
  hosts.forEach((host, i) => {
    try {
      diagrams.push(new IDiagram(host, i));
    } catch (err) {
      host.appendChild(el('div', 'idg-error', 'The diagram could not be built: ' + err));
    }
  });
  window.fairyboardDiagrams = diagrams;
  // Milliseconds from navigation start until every board is interactive (a figure the
  // browser tests record).
  document.documentElement.dataset.idiagramMs = performance.now().toFixed(0);
  document.documentElement.dataset.idiagramReady = String(diagrams.length);
}

export const ready = document.readyState === 'loading'
  ? new Promise((res) => document.addEventListener('DOMContentLoaded', () => start().then(res)))
  : start();
