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
.errors{color:#b00020;white-space:pre-wrap}
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

/// The Design Wizard: `web/wizard.html`, compiled in so the page always matches this
/// server. Its modules (`/web/wizard.js`, the WebAssembly rules core) come from the served
/// `web/` folder and its piece picker from [`/api/pieces`](crate::api::pieces).
pub(crate) async fn wizard() -> Html<&'static str> {
    Html(include_str!("../../../web/wizard.html"))
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
