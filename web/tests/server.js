// The browser tests' servers: a tiny static file server (the repository root, so /web/ and
// /art/ are where `fairyboard serve` puts them, or any folder) on a free localhost port, and
// the real `fairyboard serve` for the tests that need its routes and headers.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export function serve(root) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch (_) {
      res.writeHead(400).end('bad path');
      return;
    }
    const file = path.resolve(base, '.' + rel);
    if (!file.startsWith(base + path.sep)) {
      res.writeHead(403).end('outside the root');
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

/** The fairyboard binary web-test.sh builds (or FAIRYBOARD_BIN). */
export function cli() {
  const target = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
  const found = [process.env.FAIRYBOARD_BIN, path.join(target, 'debug', 'fairyboard'), path.join(target, 'release', 'fairyboard')]
    .filter(Boolean).find((p) => fs.existsSync(p));
  if (!found) throw new Error('the fairyboard binary is missing (cargo build -p fairyboard, or FAIRYBOARD_BIN)');
  return found;
}

/** `fairyboard serve --port 0` from the repository root; resolves with {child, url}. */
export function fairyboardServe() {
  return new Promise((resolve, reject) => {
    const child = spawn(cli(), ['serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => reject(new Error('fairyboard serve did not start: ' + err)), 20000);
    child.stderr.on('data', (d) => {
      err += d;
      const m = /serving on (http:\/\/[^/\s]+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`fairyboard serve exited (${code}): ${err}`)));
  });
}
