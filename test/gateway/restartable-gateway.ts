// What a gateway-restart file sees of the gateway the project's global setup started (restart-global-setup.ts).
// Files take turns on it, so each starts from a clean slate: no pending question and no scripted reply of an
// earlier file.
import { inject } from 'vitest';
import { restartGateway } from './gateway-control';
import { tail } from './harness';
import { mockModelControl } from './mock-model';
import { connectRaw } from './raw-client';

/** The shared restartable gateway, as the files and `ownRealBackend` use it. */
export interface RestartableGateway {
  url: string;
  token: string;
  password?: string;
  mockModel: { controlUrl: string };
  /** Stops the gateway and starts it again (same port, token and state); resolves once it takes a handshake. */
  restart(): Promise<void>;
  /** The last lines of the gateway's log. */
  logTail(lines?: number): string;
}

/** The project's gateway, after cancelling what earlier files left pending and resetting the mock model. */
export async function restartableGateway(): Promise<RestartableGateway> {
  const gw: RestartableGateway = {
    url: inject('restartGatewayUrl'),
    token: inject('restartGatewayToken'),
    mockModel: { controlUrl: inject('restartGatewayMockModelUrl') },
    restart: () => restartGateway(inject('restartGatewayControlUrl')),
    logTail: (lines = 40) => tail(inject('restartGatewayLogFile'), lines),
  };
  const admin = await connectRaw(gw.url, gw.token, { retryForMs: 60_000 });
  try {
    const { questions } = await admin.request<{ questions: { id: string }[] }>('question.list', {});
    for (const q of questions) await admin.request('question.resolve', { id: q.id, cancel: true }).catch(() => undefined);
  } finally {
    await admin.close();
  }
  await mockModelControl(gw.mockModel.controlUrl).reset();
  return gw;
}

/** The project's Codex gateway, once it takes a handshake (an earlier file may have just restarted it). */
export async function restartableCodexGateway(): Promise<void> {
  const admin = await connectRaw(inject('restartCodexGatewayUrl'), inject('restartCodexGatewayToken'), { retryForMs: 60_000 });
  await admin.close();
}
