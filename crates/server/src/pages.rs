//! The HTML pages: home (catalogue), a variant, the Design Wizard and the Fairy-FEN editor.
//! Pages are plain HTML with a little inline script; the live diagrams come from the
//! `web/` modules (`<div class="idiagram">` + `/web/idiagram.js`).

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::Html;
use fairyboard_render::rules_page::{self, esc};

use crate::api::summaries;
use crate::{load, rules_of, Problem, Shared};

const SITE_CSS: &str = "\
body{margin:0;font-family:system-ui,sans-serif;color:#222;background:#fafafa}
header{background:#2b3a42;color:#fff;padding:.6rem 1rem;display:flex;gap:1.5rem;align-items:center}
header a{color:#fff;text-decoration:none}
header .brand{font-weight:bold;font-size:1.2rem}
main{max-width:64rem;margin:0 auto;padding:1rem}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;padding:0;list-style:none}
.cards li{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.6rem}
.cards img{width:100%;height:auto;display:block;margin-bottom:.4rem}
.cards a{text-decoration:none;color:inherit}
.meta{color:#666;font-size:.9rem}
#search{font-size:1rem;padding:.4rem .6rem;width:min(28rem,100%)}
pre.definition{background:#fff;border:1px solid #ddd;padding:.6rem;overflow:auto}
.variant-page .fbr h1{display:none}
.live{margin:1rem 0}
textarea{font-family:ui-monospace,monospace;font-size:.9rem;width:100%}
.wizard-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.5rem}
@media (max-width:50rem){.wizard-grid{grid-template-columns:1fr}}
table.pieces input{width:100%;box-sizing:border-box}
table.pieces td{padding:.1rem}
.errors{color:#b00020;white-space:pre-wrap}
.ok{color:#2f7d32}
label{display:inline-block;margin:.2rem .8rem .2rem 0}
";

/// The site's frame around a page body.
fn layout(title: &str, body: &str, extra_head: &str) -> Html<String> {
    Html(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} — fairyboard</title>\n<style>\n{SITE_CSS}</style>\n{extra_head}</head>\n<body>\n\
         <header><a class=\"brand\" href=\"/\">fairyboard</a><a href=\"/\">Catalogue</a>\
         <a href=\"/wizard\">Design Wizard</a><a href=\"/editor\">Fairy-FEN editor</a></header>\n\
         <main>\n{body}</main>\n</body>\n</html>\n",
        esc(title)
    ))
}

/// An HTML error page for a problem met while building a page.
fn problem_page(p: Problem) -> (axum::http::StatusCode, Html<String>) {
    let status = p.status;
    let body = format!(
        "<h1>{}</h1>\n<p>{}: {}</p>\n<p><a href=\"/\">Back to the catalogue</a></p>\n",
        status.as_u16(),
        esc(&p.parameter),
        esc(&p.message)
    );
    (status, layout("Error", &body, ""))
}

pub(crate) async fn home() -> Html<String> {
    let list = tokio::task::spawn_blocking(summaries)
        .await
        .unwrap_or_default();
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<h1>Chess variants</h1>\n<p>{} games, each from a short Interactive Diagram definition. \
         Pick one for its live diagram and rules.</p>\n\
         <input id=\"search\" type=\"search\" placeholder=\"Search by name or size (e.g. 10x8)\" autofocus>\n\
         <ul class=\"cards\" id=\"cards\">",
        list.len()
    );
    for s in &list {
        let keys = format!(
            "{} {} {}x{}",
            s.name.to_lowercase(),
            s.title.to_lowercase(),
            s.files,
            s.ranks
        );
        let _ = writeln!(
            body,
            "<li data-search=\"{}\"><a href=\"/variants/{name}\">\
             <img src=\"/d?variant={name}&amp;size=24&amp;fmt=svg\" alt=\"{}\" loading=\"lazy\">\
             <b>{}</b></a><div class=\"meta\">{}×{} board · {} pieces · {} piece types</div></li>",
            esc(&keys),
            esc(&s.title),
            esc(&s.title),
            s.files,
            s.ranks,
            s.pieces,
            s.piece_types,
            name = esc(&s.name),
        );
    }
    body.push_str(
        "</ul>\n<p id=\"none\" hidden>No variant matches.</p>\n<script>\n\
         const box = document.getElementById('search');\n\
         box.addEventListener('input', () => {\n\
           const words = box.value.toLowerCase().split(/\\s+/).filter(w => w);\n\
           let shown = 0;\n\
           for (const li of document.querySelectorAll('#cards li')) {\n\
             const ok = words.every(w => li.dataset.search.includes(w));\n\
             li.hidden = !ok; if (ok) shown++;\n\
           }\n\
           document.getElementById('none').hidden = shown > 0;\n\
         });\n</script>\n",
    );
    layout("Catalogue", &body, "")
}

pub(crate) async fn variant(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Html<String>, (axum::http::StatusCode, Html<String>)> {
    let entry = Arc::new(load(&name).map_err(problem_page)?);
    let rules = rules_of(&state, entry.clone()).await;
    let title = entry.title();
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<div class=\"variant-page\">\n<h1>{}</h1>\n<p class=\"meta\">{}×{} board · \
         <a href=\"/api/variants/{n}\">definition (JSON)</a> · <a href=\"/api/rules/{n}\">rules (JSON)</a> · \
         <a href=\"/d?variant={n}&amp;coords=1\">setup image</a></p>",
        esc(&title),
        entry.variant.geometry.files,
        entry.variant.geometry.ranks,
        n = esc(&entry.name)
    );
    let _ = writeln!(
        body,
        "<h2>Live diagram</h2>\n<p class=\"meta\">Drag or click the pieces; picking one up shows where it can go.</p>\n\
         <div class=\"live\"><div class=\"idiagram\" data-variant=\"{n}\">{}</div></div>\n\
         <noscript><img src=\"/d?variant={n}&amp;coords=1\" alt=\"setup\"></noscript>",
        esc(&entry.text),
        n = esc(&entry.name)
    );
    let _ = writeln!(body, "<h2>Rules</h2>\n{}", rules_page::fragment(&rules));
    let _ = writeln!(
        body,
        "<h2>Definition</h2>\n<pre class=\"definition\">{}</pre>\n</div>",
        esc(&entry.text)
    );
    let head = format!(
        "<style>\n{}</style>\n<script type=\"module\" src=\"/web/idiagram.js\"></script>\n",
        rules_page::CSS
    );
    Ok(layout(&title, &body, &head))
}

/// The Design Wizard: a form that writes a definition as you type, checks it on the
/// server (`POST /api/check`) and shows it as a live diagram.
pub(crate) async fn wizard() -> Html<String> {
    let body = r#"<h1>Design Wizard</h1>
<p>Describe a board and its pieces; the definition is written as you type, checked, and shown as a live diagram.
Moves are in <a href="https://www.chessvariants.com/page/MSbetza-notation">XBetza notation</a>; squares as <code>a1,h1</code> or ranges <code>a2-h2</code>.</p>
<div class="wizard-grid">
<form id="wiz" onsubmit="return false">
<fieldset><legend>Board</legend>
<label>Files <input name="files" type="number" min="1" max="24" value="8"></label>
<label>Ranks <input name="ranks" type="number" min="1" max="24" value="8"></label>
<label>Symmetry <select name="symmetry"><option>mirror</option><option>rotate</option><option>none</option></select></label>
</fieldset>
<fieldset><legend>Promotion and holdings</legend>
<label>Zone depth <input name="promoZone" type="number" min="0" max="24" value="1"></label>
<label>Promoting types <input name="maxPromote" type="number" min="0" max="99" value="1"></label>
<label>Choices <input name="promoChoice" value="QRBN" size="10"></label>
<label>Captured pieces <select name="holdingsType"><option value="0">are gone</option><option value="-1">change sides (drops)</option><option value="1">return to owner</option></select></label>
<label>Stalemate <select name="stalemate"><option>draw</option><option>win</option><option>loss</option></select></label>
</fieldset>
<fieldset><legend>Pieces (in order; the first ones promote)</legend>
<table class="pieces"><thead><tr><th>Name</th><th>ID</th><th>Moves (Betza)</th><th>White squares</th><th>In hand</th><th>Royal</th><th></th></tr></thead>
<tbody id="rows"></tbody></table>
<button type="button" id="add">Add a piece</button>
</fieldset>
</form>
<div>
<h2>Definition</h2>
<textarea id="out" rows="16" readonly></textarea>
<p><button type="button" id="copy">Copy the definition</button> <span id="status"></span></p>
<div id="errors" class="errors"></div>
<h2>Live diagram</h2>
<iframe id="live" class="live" title="live diagram" style="width:100%;height:40rem;border:0"></iframe>
</div>
</div>
<script type="module">
const start = [
  ['pawn', 'P', 'fmWfceFifmnD', 'a2-h2', 0, false],
  ['knight', 'N', 'N', 'b1,g1', 0, false],
  ['bishop', 'B', 'B', 'c1,f1', 0, false],
  ['rook', 'R', 'R', 'a1,h1', 0, false],
  ['queen', 'Q', 'Q', 'd1', 0, false],
  ['king', 'K', 'KisO2', 'e1', 0, true],
];
const rows = document.getElementById('rows');
function addRow([name, id, betza, squares, hand, royal]) {
  const tr = document.createElement('tr');
  tr.innerHTML = `<td><input data-f="name"></td><td><input data-f="id" size="2"></td><td><input data-f="betza"></td>`
    + `<td><input data-f="squares"></td><td><input data-f="hand" type="number" min="0" max="99"></td>`
    + `<td><input data-f="royal" type="checkbox"></td><td><button type="button" title="Remove">✕</button></td>`;
  const f = k => tr.querySelector(`[data-f="${k}"]`);
  f('name').value = name; f('id').value = id; f('betza').value = betza;
  f('squares').value = squares; f('hand').value = hand; f('royal').checked = royal;
  tr.querySelector('button').onclick = () => { tr.remove(); update(); };
  rows.appendChild(tr);
}
start.forEach(addRow);
document.getElementById('add').onclick = () => { addRow(['', '', '', '', 0, false]); update(); };
const clean = s => String(s).replace(/[:\n\r]/g, ' ').trim();
function definition() {
  const form = document.getElementById('wiz');
  const v = n => form.elements[n].value.trim();
  const lines = [`files=${v('files')}`, `ranks=${v('ranks')}`, `symmetry=${v('symmetry')}`,
    `promoZone=${v('promoZone')}`, `maxPromote=${v('maxPromote')}`, `promoChoice=${v('promoChoice')}`];
  if (v('holdingsType') !== '0') lines.push(`holdingsType=${v('holdingsType')}`);
  if (v('stalemate') !== 'draw') lines.push(`stalemate=${v('stalemate')}`);
  const pieces = [...rows.querySelectorAll('tr')].map(tr => {
    const f = k => tr.querySelector(`[data-f="${k}"]`);
    return { name: clean(f('name').value), id: clean(f('id').value), betza: clean(f('betza').value),
             squares: clean(f('squares').value).replace(/\s+/g, ''), hand: parseInt(f('hand').value) || 0,
             royal: f('royal').checked };
  }).filter(p => p.name);
  pieces.forEach((p, i) => { if (p.royal) lines.push(`royal=${i + 1}`); });
  for (const p of pieces) {
    lines.push(`${p.name}:${p.id}:${p.betza}::${p.squares}` + (p.hand ? `:${p.hand}` : ''));
  }
  return lines.join('\n') + '\n';
}
let timer = 0, seq = 0;
async function check(text) {
  const mine = ++seq;
  const status = document.getElementById('status'), errors = document.getElementById('errors');
  try {
    const r = await fetch('/api/check', { method: 'POST', body: text });
    const j = await r.json();
    if (mine !== seq) return;
    status.textContent = j.ok ? 'compiles' : 'has errors';
    status.className = j.ok ? 'ok' : 'errors';
    errors.textContent = [...j.errors, ...j.warnings].join('\n');
  } catch (e) { status.textContent = 'could not check: ' + e; }
}
// The live diagram runs in a fresh frame per version: the web module builds the boards
// present when it loads, so a new definition gets a new document.
function showLive(text) {
  const frame = document.getElementById('live');
  const esc = t => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  frame.srcdoc = '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
    + '<div class="idiagram">' + esc(text) + '</div>'
    + '<script type="module" src="/web/idiagram.js"><' + '/script></body></html>';
}
function update() {
  const text = definition();
  document.getElementById('out').value = text;
  clearTimeout(timer);
  timer = setTimeout(() => { check(text); showLive(text); }, 300);
}
document.getElementById('wiz').addEventListener('input', update);
document.getElementById('copy').onclick = () => navigator.clipboard?.writeText(document.getElementById('out').value);
update();
</script>
"#;
    layout("Design Wizard", body, "")
}

/// The Fairy-FEN editor: type a position, see the image `/d` draws, copy its link.
pub(crate) async fn editor() -> Html<String> {
    let body = r#"<h1>Fairy-FEN editor</h1>
<p>Type a Fairy-FEN: pieces <code>KQRBNP</code> (lower case for Black), any letter for other pieces, digits for empty squares,
<code>/</code> between ranks, markers <code>C X S T</code>, <code>-</code> for neutral, <code>*1</code>–<code>*3</code> to rotate,
<code>'a</code> letters and <code>'7</code>/<code>''23</code> numbers.</p>
<form id="ed" onsubmit="return false">
<p><input id="ff" name="ff" size="70" value="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" spellcheck="false"></p>
<label>Square size <input name="size" type="number" min="8" max="256" value="40"></label>
<label><input name="coords" type="checkbox" checked> coordinates</label>
<label><input name="flip" type="checkbox"> flipped</label>
<label>Format <select name="fmt"><option>png</option><option>svg</option></select></label>
<label>Highlights <input name="hl" placeholder="e4,d5:ff0000" size="14"></label>
<label>Arrows <input name="arrows" placeholder="e2e4" size="10"></label>
</form>
<p><input id="link" size="70" readonly> <button type="button" id="copy">Copy the link</button></p>
<p id="error" class="errors"></p>
<p><img id="img" alt="diagram"></p>
<script>
const form = document.getElementById('ed');
function url() {
  const p = new URLSearchParams();
  p.set('ff', form.elements.ff.value.trim());
  const size = form.elements.size.value; if (size && size !== '40') p.set('size', size);
  if (form.elements.coords.checked) p.set('coords', '1');
  if (form.elements.flip.checked) p.set('flip', '1');
  if (form.elements.fmt.value !== 'png') p.set('fmt', form.elements.fmt.value);
  for (const k of ['hl', 'arrows']) { const v = form.elements[k].value.trim(); if (v) p.set(k, v); }
  // '/' may stay unescaped in a query: links read like janko.at's d.php?ff= ones.
  return '/d?' + p.toString().replace(/%2F/gi, '/');
}
let timer = 0;
async function update() {
  const u = url();
  document.getElementById('link').value = location.origin + u;
  const r = await fetch(u);
  const err = document.getElementById('error');
  if (r.ok) {
    err.textContent = '';
    document.getElementById('img').src = URL.createObjectURL(await r.blob());
  } else {
    err.textContent = await r.text();
  }
}
form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(update, 200); });
document.getElementById('copy').onclick = () => navigator.clipboard?.writeText(document.getElementById('link').value);
update();
</script>
"#;
    layout("Fairy-FEN editor", body, "")
}
