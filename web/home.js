// The catalogue page (/): the search box hides the cards whose name, title or board size
// (`10x8`) lacks one of the typed words. Loaded after the cards (crates/server/src/pages.rs serves it at /site/home.js).
const box = document.getElementById('search');
box.addEventListener('input', () => {
  const words = box.value.toLowerCase().split(/\s+/).filter(w => w);
  let shown = 0;
  for (const li of document.querySelectorAll('#cards li')) {
    const ok = words.every(w => li.dataset.search.includes(w));
    li.hidden = !ok; if (ok) shown++;
  }
  document.getElementById('none').hidden = shown > 0;
});
