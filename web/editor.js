// The Fairy-FEN editor (/editor, markup in editor.html): redraws the `/d` image as the form
// changes and shows the link to it, or the error the server names.
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
// Enter in a field would submit the form and reload the page (no inline handler: the page's
// Content-Security-Policy runs no inline script).
form.addEventListener('submit', (e) => e.preventDefault());
form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(update, 200); });
document.getElementById('copy').onclick = () => navigator.clipboard?.writeText(document.getElementById('link').value);
update();
