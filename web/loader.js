// The include an author copies: `<script src=".../dist/idiagram.js"></script>`, as the
// Interactive Diagram's own pages include theirs (a classic script, from any site).
// scripts/build-web.sh copies this file to web/dist/idiagram.js, next to lib/ (the diagram's
// modules and the WebAssembly) and art/ (the piece images). It finds its own URL and imports
// the diagram from beside it; a module import from another site needs that site to send
// `Access-Control-Allow-Origin` (fairyboard serve does for /web/ and /art/).
//
// Deliberately without `import`/`export` statements and `import.meta`, so the same file also
// works as `<script type="module">`, and without top-level names, so including it twice is
// harmless (the module is imported once).
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) {
    // As a module there is no currentScript: the last tag naming this file.
    var tags = document.querySelectorAll('script[src]');
    for (var i = tags.length - 1; i >= 0 && !script; i--) {
      if (/(^|\/)idiagram\.js([?#]|$)/.test(tags[i].getAttribute('src'))) script = tags[i];
    }
  }
  var base = script ? script.src : document.baseURI;
  var url = new URL('lib/idiagram.js', base).href;

  /** Without the diagram's code, every diagram box says why instead of staying text. */
  function fail(err) {
    var say = function () {
      var hosts = document.querySelectorAll('.idiagram');
      for (var k = 0; k < hosts.length; k++) {
        var box = document.createElement('div');
        box.className = 'idg-error';
        box.textContent = 'The diagram could not be loaded from ' + url + ': ' + (err && err.message ? err.message : err);
        hosts[k].appendChild(box);
      }
      document.documentElement.dataset.idiagramReady = '0';
      document.documentElement.dataset.idiagramError = String(err && err.message ? err.message : err);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', say);
    else say();
  }

  try {
    import(url).catch(fail);
  } catch (err) {
    fail(err);
  }
})();
