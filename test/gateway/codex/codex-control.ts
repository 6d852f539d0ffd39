// A loopback control route for the Codex gateway that the gateway project's global setup owns: test files cannot
// reach that process, so a restart is asked for over HTTP. Scripts need no route: they are files (codex-script.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealGateway } from '../harness';

/** Serves `POST /restart` for `gw`; returns its base URL and a close function. */
export async function startCodexControl(gw: RealGateway): Promise<{ url: string; close: () => Promise<void> }> {
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

/** Restarts the Codex gateway behind `controlUrl` and resolves once it answers a handshake again. */
export async function restartCodexGateway(controlUrl: string): Promise<void> {
  const res = await fetch(`${controlUrl}/restart`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`the Codex gateway did not restart: ${res.status} ${await res.text()}`);
}
