// Piece images. Which licensed picture draws a piece is decided in Rust (the fairyboard-art
// crate, through the wasm bindings: Diagram.art() and piece_art()), the same rule as the
// server's diagrams; this file only loads the URLs it is given. A piece shows the
// definition's own image (graphicsDir + prefix + image + graphicsType) if any, else its
// licensed art, else a lettered disc; a missing file falls back one step at a time.

const ART_BASE = new URL('../art/', import.meta.url);

/**
 * The URL of one entry of the art list (`{svg: {white, black} | null, letter}`) for a colour
 * (0 white, 1 black), or null.
 */
export function artUrl(art, color) {
  const svg = art && art.svg;
  const file = svg ? (color === 0 ? svg.white : svg.black) : null;
  if (typeof file !== 'string' || file.includes('..')) return null;
  return new URL(file, ART_BASE).href;
}

/** A lettered disc: `letter` centred on a white or black disc. */
export function disc(letter, color, size) {
  const d = document.createElement('div');
  d.className = 'idg-disc ' + (color === 0 ? 'idg-white' : 'idg-black');
  d.textContent = letter;
  d.style.fontSize = Math.round(size * 0.5) + 'px';
  return d;
}

/**
 * The element that shows a piece: an <img> that degrades to the next source on error, ending
 * in a disc with `letter`. `sources` is the list of URLs to try, best first.
 */
export function pieceElement(name, letter, color, size, sources) {
  const urls = sources.filter(Boolean);
  if (urls.length === 0) return disc(letter, color, size);
  const img = document.createElement('img');
  img.alt = String(name || '');
  img.draggable = false;
  let i = 0;
  img.addEventListener('error', () => {
    i += 1;
    if (i < urls.length) {
      img.src = urls[i];
    } else if (img.parentNode) {
      const d = disc(letter, color, size);
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
