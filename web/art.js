// Piece images: the definition's own (graphicsDir + prefix + image + graphicsType), else
// fairyboard's licensed set (art/index.json: by variant, piece name, alias, then ID), else a
// lettered disc. A missing image file falls back one step at a time, never to nothing.

const ART_BASE = new URL('../art/', import.meta.url);
let artIndex = null;

/** Load art/index.json once (an absent index just means discs). */
export async function loadArt() {
  if (artIndex !== null) return artIndex;
  try {
    const r = await fetch(new URL('index.json', ART_BASE));
    artIndex = r.ok ? await r.json() : {};
  } catch (_) {
    artIndex = {};
  }
  return artIndex;
}

/** The art-set URL of a piece for a colour (0 white, 1 black), or null. */
export function artUrl(piece, color, variant) {
  const idx = artIndex || {};
  const side = color === 0 ? 'white' : 'black';
  const name = String(piece.name || '').trim().toLowerCase();
  const image = String(piece.image || '').trim().toLowerCase();
  const pick = (entry) => (entry && typeof entry[side] === 'string' ? entry[side] : null);
  const candidates = [];
  const vset = variant && idx.variants && idx.variants[variant];
  if (vset && vset.pieces) candidates.push(vset.pieces[name], vset.pieces[image]);
  const pieces = idx.pieces || {};
  const aliases = idx.aliases || {};
  candidates.push(pieces[name], pieces[aliases[name]], pieces[image], pieces[aliases[image]]);
  const ids = idx.ids || {};
  if (ids[piece.id]) candidates.push(pieces[ids[piece.id]]);
  for (const c of candidates) {
    const file = pick(c);
    if (file && !file.includes('..')) return new URL(file, ART_BASE).href;
  }
  return null;
}

/** A lettered disc: the piece's ID on a white or black disc. */
export function disc(piece, color, size) {
  const d = document.createElement('div');
  d.className = 'idg-disc ' + (color === 0 ? 'idg-white' : 'idg-black');
  const letter = String(piece.id || piece.name || '?');
  d.textContent = letter.length > 3 ? letter.slice(0, 3) : letter;
  d.style.fontSize = Math.round(size * (letter.length > 1 ? 0.34 : 0.5)) + 'px';
  return d;
}

/**
 * The element that shows a piece: an <img> that degrades to the next source on error, ending
 * in a disc. `sources` is the list of URLs to try, best first.
 */
export function pieceElement(piece, color, size, sources) {
  const urls = sources.filter(Boolean);
  if (urls.length === 0) return disc(piece, color, size);
  const img = document.createElement('img');
  img.alt = String(piece.name || '');
  img.draggable = false;
  let i = 0;
  img.addEventListener('error', () => {
    i += 1;
    if (i < urls.length) {
      img.src = urls[i];
    } else if (img.parentNode) {
      const d = disc(piece, color, size);
      d.className += ' ' + img.className;
      // The size and placement the board gave the picture (width, height, position).
      d.style.cssText += ';' + img.style.cssText;
      for (const [k, v] of Object.entries(img.dataset)) d.dataset[k] = v;
      img.replaceWith(d);
    }
  });
  img.src = urls[0];
  return img;
}
