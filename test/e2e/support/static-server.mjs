#!/usr/bin/env node
// A tiny static file server for built output (storybook-static, the bench page), loopback only.
//
//   node test/e2e/support/static-server.mjs <dir> <port>
//
// GET /__ready answers 200 even before <dir> exists, so a missing build shows up as a clear 404
// in the test rather than as a server that never starts.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(root, urlPath) {
  const rel = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  const file = resolve(root, rel);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) return fileFor(root, join(rel, 'index.html'));
    return stat.isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Starts serving `dir` on 127.0.0.1:`port`; resolves with the node http server once listening. */
export function serveStatic(dir, port) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/__ready') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    // Browsers ask for it unprompted; a 404 would show up as a console error in every page.
    if (path === '/favicon.ico' && !fileFor(root, path)) {
      res.writeHead(204).end();
      return;
    }
    const file = fileFor(root, path);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: static-server.mjs <dir> <port>');
    process.exit(2);
  }
  serveStatic(dir, Number(port)).then(
    () => console.log(`serving ${dir} at http://127.0.0.1:${port}/`),
    (err) => {
      console.error(`static-server: ${err.message}`);
      process.exit(1);
    },
  );
}
