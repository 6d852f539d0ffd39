// A tiny loopback OpenAI-compatible model server for the real gateway's `openai-completions`
// provider. It answers POST /v1/chat/completions (streaming SSE or plain JSON) from a queue of
// scripted replies, and records every request it receives.
// One model serves every test on a shared gateway: a test scripts it under a scope, a text that only its own
// sessions' requests contain (its session key), so that it takes only its own replies, sees only its own requests
// and resets only its own script.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type MockReply =
  /** Streams `text` as assistant content, split into `chunks` pieces (default 3). */
  | { text: string; chunks?: number; delayMs?: number; chunkDelayMs?: number }
  /** Answers with this HTTP status and an OpenAI-style error body. */
  | { error: number; message?: string; delayMs?: number }
  /** Streams one function tool call (`arguments` is JSON-encoded when not a string). */
  | { toolCall: { name: string; arguments: unknown; id?: string }; text?: string; delayMs?: number }
  /** Streams `text` (may be empty), then destroys the socket without `[DONE]`. */
  | { brokenStream: true; text?: string; delayMs?: number }
  /** Sends the SSE headers and then nothing until the client goes away (for abort and timeout). */
  | { hang: true };

export interface MockRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The reply that was used (after any `match`), or 'default'. */
  reply: MockReply | 'default';
}

export interface EnqueueOptions {
  /** Only requests for which this returns true take this reply; others skip it. */
  match?: (body: Record<string, unknown>) => boolean;
  /** Only requests whose JSON body contains this text take this reply (see `mockModelControl`'s scope). */
  scope?: string;
}

interface Queued {
  reply: MockReply;
  scope?: string;
  match?: EnqueueOptions['match'];
}

export interface MockModel {
  /** http://127.0.0.1:PORT/v1 — the provider baseUrl. */
  baseUrl: string;
  /** http://127.0.0.1:PORT — base of the `/__mock/*` control routes (see `mockModelControl`). */
  controlUrl: string;
  port: number;
  modelId: string;
  enqueue(reply: MockReply, opts?: EnqueueOptions): void;
  /** Reply used when the queue has nothing for a request. Default `{ text: "Mock reply." }`. */
  setDefault(reply: MockReply): void;
  /** All received requests (chat completions and others), oldest first. */
  readonly requests: MockRequest[];
  /** Only the POST /v1/chat/completions requests. */
  completions(): MockRequest[];
  /** Resolves once `count` chat-completion requests in total have arrived. */
  waitForCompletions(count: number, timeoutMs?: number): Promise<MockRequest[]>;
  pending(): number;
  reset(): void;
  close(): Promise<void>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function split(text: string, n: number): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export async function startMockModel(opts: { port?: number; modelId?: string } = {}): Promise<MockModel> {
  const modelId = opts.modelId ?? 'mock-model';
  const queue: Queued[] = [];
  let fallback: MockReply = { text: 'Mock reply.' };
  // A scope's own default reply, for the requests that contain the scope.
  const scopedFallback = new Map<string, MockReply>();
  const requests: MockRequest[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  let counter = 0;

  // A reply of the request's own scope comes first: an unscoped one may have been queued for another test.
  const take = (body: Record<string, unknown>): MockReply | 'default' => {
    const text = JSON.stringify(body);
    const fits = (q: Queued) => (!q.scope || text.includes(q.scope)) && (!q.match || q.match(body));
    let i = queue.findIndex((q) => q.scope !== undefined && fits(q));
    if (i < 0) i = queue.findIndex(fits);
    if (i < 0) return 'default';
    const [item] = queue.splice(i, 1);
    return item!.reply;
  };
  const fallbackFor = (body: Record<string, unknown>): MockReply => {
    const text = JSON.stringify(body);
    for (const [scope, reply] of scopedFallback) if (text.includes(scope)) return reply;
    return fallback;
  };
  const inScope = (scope: string | undefined) => (r: MockRequest) => !scope || JSON.stringify(r.body).includes(scope);

  const chunk = (id: string, delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: modelId,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    })}\n\n`;

  async function answer(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, reply: MockReply) {
    const stream = body['stream'] === true;
    const id = `chatcmpl-mock-${++counter}`;
    if ('delayMs' in reply && reply.delayMs) await sleep(reply.delayMs);
    if ('error' in reply) {
      res.writeHead(reply.error, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reply.message ?? `mock error ${reply.error}`, type: 'server_error', code: null } }));
      return;
    }
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    if (!stream) {
      const message: Record<string, unknown> = { role: 'assistant', content: 'text' in reply ? (reply.text ?? '') : '' };
      let finish = 'stop';
      if ('toolCall' in reply) {
        const args = typeof reply.toolCall.arguments === 'string' ? reply.toolCall.arguments : JSON.stringify(reply.toolCall.arguments);
        message['tool_calls'] = [{ id: reply.toolCall.id ?? `call_${counter}`, type: 'function', function: { name: reply.toolCall.name, arguments: args } }];
        finish = 'tool_calls';
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: modelId, choices: [{ index: 0, message, finish_reason: finish }], usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    if ('hang' in reply) {
      res.write(': waiting\n\n');
      await new Promise<void>((resolve) => {
        req.socket.once('close', () => resolve());
        res.once('close', () => resolve());
      });
      return;
    }
    res.write(chunk(id, { role: 'assistant', content: '' }, null));
    const text = 'text' in reply ? (reply.text ?? '') : '';
    const pieces = split(text, 'chunks' in reply && reply.chunks ? reply.chunks : 3);
    for (const piece of pieces) {
      res.write(chunk(id, { content: piece }, null));
      if ('chunkDelayMs' in reply && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    }
    if ('brokenStream' in reply) {
      res.write('data: {"id":"broken","choices":[{"index":0,"delta":{"content":"');
      await sleep(20);
      req.socket.destroy();
      return;
    }
    let finish = 'stop';
    if ('toolCall' in reply) {
      const args = typeof reply.toolCall.arguments === 'string' ? reply.toolCall.arguments : JSON.stringify(reply.toolCall.arguments);
      res.write(
        chunk(id, { tool_calls: [{ index: 0, id: reply.toolCall.id ?? `call_mock_${counter}`, type: 'function', function: { name: reply.toolCall.name, arguments: args } }] }, null),
      );
      finish = 'tool_calls';
    }
    res.write(chunk(id, {}, finish));
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: modelId, choices: [], usage })}\n\n`);
    res.write('data: [DONE]\n\n');
    res.end();
  }

  // Control routes, so that test workers can script the model of a gateway started elsewhere
  // (vitest globalSetup): see `mockModelControl`. Requests to them are not recorded.
  function control(method: string, path: string, body: unknown, res: ServerResponse) {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const b = (body ?? {}) as { reply?: MockReply; matchText?: string; scope?: string };
    const scope = typeof b.scope === 'string' && b.scope ? b.scope : undefined;
    if (method === 'POST' && path === '/__mock/enqueue' && b.reply) {
      const text = typeof b.matchText === 'string' ? b.matchText : undefined;
      queue.push({ reply: b.reply, ...(scope ? { scope } : {}), ...(text ? { match: (req: Record<string, unknown>) => JSON.stringify(req).includes(text) } : {}) });
      return json(200, { pending: queue.length });
    }
    if (method === 'POST' && path === '/__mock/default' && b.reply) {
      if (scope) scopedFallback.set(scope, b.reply);
      else fallback = b.reply;
      return json(200, { ok: true });
    }
    if (method === 'POST' && path === '/__mock/reset') {
      if (scope) {
        removeWhere(queue, (q) => q.scope === scope);
        removeWhere(requests, inScope(scope));
        scopedFallback.delete(scope);
      } else {
        queue.length = 0;
        requests.length = 0;
        scopedFallback.clear();
        fallback = { text: 'Mock reply.' };
      }
      return json(200, { ok: true });
    }
    if (method === 'POST' && path === '/__mock/requests') {
      return json(200, { pending: scope ? queue.filter((q) => q.scope === scope).length : queue.length, requests: requests.filter(inScope(scope)).map(({ headers: _h, ...r }) => r) });
    }
    return json(404, { error: `mock control: no route ${method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        /* keep the raw text */
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const isCompletion = req.method === 'POST' && /\/chat\/completions$/.test(path);
      if (path.startsWith('/__mock/')) {
        control(req.method ?? 'GET', path, body, res);
        return;
      }
      const record: MockRequest = { at: Date.now(), method: req.method ?? 'GET', path, headers: req.headers, body, reply: 'default' };
      requests.push(record);
      if (isCompletion) {
        const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
        const picked = take(b);
        record.reply = picked;
        for (const w of [...waiters]) w();
        answer(req, res, b, picked === 'default' ? fallbackFor(b) : picked).catch(() => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
        return;
      }
      if (req.method === 'GET' && /\/models$/.test(path)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: modelId, object: 'model', created: 0, owned_by: 'mock' }] }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `mock model: no route ${req.method} ${path}` } }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const completions = () => requests.filter((r) => r.method === 'POST' && /\/chat\/completions$/.test(r.path));

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    controlUrl: `http://127.0.0.1:${port}`,
    port,
    modelId,
    requests,
    completions,
    enqueue(reply, o) {
      queue.push({ reply, ...(o?.scope ? { scope: o.scope } : {}), ...(o?.match ? { match: o.match } : {}) });
    },
    setDefault(reply) {
      fallback = reply;
    },
    waitForCompletions(count, timeoutMs = 15_000) {
      if (completions().length >= count) return Promise.resolve(completions());
      return new Promise((resolve, reject) => {
        const check = () => {
          if (completions().length >= count) {
            clearTimeout(t);
            waiters.delete(check);
            resolve(completions());
          }
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`mock model: ${completions().length}/${count} completion requests after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    pending: () => queue.length,
    reset() {
      queue.length = 0;
      requests.length = 0;
      scopedFallback.clear();
      fallback = { text: 'Mock reply.' };
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The scope of a session's model requests: the gateway writes `session=<key> |` into the runtime line of every
 * request it makes for that session, and nowhere else.
 */
export function sessionScope(sessionKey: string): string {
  return `session=${sessionKey} |`;
}

function removeWhere<T>(items: T[], drop: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (drop(items[i]!)) items.splice(i, 1);
}

/** The scripting half of a MockModel, over HTTP: for tests in workers (vitest globalSetup's gateway). */
export interface MockModelControl {
  /** `matchText`: only a request whose JSON body contains it takes this reply (e.g. a session's own user text). */
  enqueue(reply: MockReply, opts?: { matchText?: string }): Promise<void>;
  setDefault(reply: MockReply): Promise<void>;
  reset(): Promise<void>;
  /** Recorded requests (without headers) and the number of queued replies. */
  requests(): Promise<{ pending: number; requests: Omit<MockRequest, 'headers'>[] }>;
}

/**
 * Scripts the model behind `controlUrl`. With a `scope` (a text only the caller's sessions' requests contain, such as
 * its session key), replies are taken only by those requests, and `reset` and `requests` touch only them: the way
 * for tests that share a gateway with others. Without one, the whole model.
 */
export function mockModelControl(controlUrl: string, { scope }: { scope?: string } = {}): MockModelControl {
  const post = async (path: string, body?: Record<string, unknown>) => {
    const res = await fetch(`${controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, ...(scope ? { scope } : {}) }),
    });
    if (!res.ok) throw new Error(`mock control ${path}: HTTP ${res.status}`);
    return res;
  };
  return {
    enqueue: async (reply, opts) => void (await post('/__mock/enqueue', { reply, ...(opts?.matchText ? { matchText: opts.matchText } : {}) })),
    setDefault: async (reply) => void (await post('/__mock/default', { reply })),
    reset: async () => void (await post('/__mock/reset')),
    requests: async () => (await (await post('/__mock/requests')).json()) as Awaited<ReturnType<MockModelControl['requests']>>,
  };
}
