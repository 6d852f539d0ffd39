// A loopback control route for a gateway that a Vitest global setup owns: test files run in other processes and
// cannot reach it, so a restart is asked for over HTTP. Its log is a file, read directly (`tail` in harness.ts).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealGateway } from './harness';

/** Serves `POST /restart` for `gw`; returns its base URL and a close function. */
export async function startGatewayControl(gw: RealGateway): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/restart') {
      res.writeHead(404).end();
      return;
    }
    gw.restart().then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Restarts the gateway behind `controlUrl` and resolves once it answers a handshake again. */
export function restartGateway(controlUrl: string): Promise<void> {
  // node:http, not fetch: fetch gives up on an answer after 300 s, and a restart under CI load has taken longer. The
  // harness's readiness limit is the one that counts.
  return new Promise((resolve, reject) => {
    const req = request(`${controlUrl}/restart`, { method: 'POST', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.statusCode === 204 ? resolve() : reject(new Error(`the gateway did not restart: ${res.statusCode} ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
