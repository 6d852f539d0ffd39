// What a gateway-restart file sees of the gateway the project's global setup started (restart-global-setup.ts).
// Files take turns on it, so each starts from a clean slate: no pending question and no scripted reply of an
// earlier file. Suites that run side by side in one file share one restart (`SharedRestart`).
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

/**
 * ONE restart for suites of one file that run side by side (plain.restart.test.ts): a restart is a whole gateway
 * start, about 20 CPU-seconds. Each suite asks for it once its own state is set up and waits; the gateway restarts
 * when every suite still running has asked, and a suite that ends without asking no longer holds the others up.
 */
export class SharedRestart {
  private running = 0;
  private asked = 0;
  private go: () => void = () => undefined;
  private readonly done: Promise<void>;

  constructor(restart: () => Promise<void>) {
    this.done = new Promise<void>((resolve) => {
      this.go = resolve;
    }).then(restart);
  }

  /** The number of suites that run (a filter may leave some out); none may ask before this is known. */
  start(suites: number): void {
    this.running = suites;
    this.check();
  }

  /** One suite's part: `restart` resolves once the shared restart is done; `end` when the suite ends. */
  member(): { restart: () => Promise<void>; end: () => void } {
    let asked = false;
    let ended = false;
    return {
      restart: () => {
        if (!asked) {
          asked = true;
          this.asked += 1;
          this.check();
        }
        return this.done;
      },
      end: () => {
        if (asked || ended) return;
        ended = true;
        this.running -= 1;
        this.check();
      },
    };
  }

  private check(): void {
    if (this.running > 0 && this.asked === this.running) this.go();
  }
}
