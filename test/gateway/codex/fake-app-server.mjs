#!/usr/bin/env node
// A scripted stand-in for `codex app-server`, for the real gateway's official Codex plugin in tests. It speaks the
// app-server protocol (newline-delimited JSON-RPC on stdio, no `jsonrpc` field) well enough for the plugin to run
// turns, and plays each turn from a script chosen by the text of the turn's message. Plain Node, no dependencies.
//
// Scripts are JSON files in CODEX_FAKE_SCRIPTS (see codex-script.ts): `<key>.json` holds `{ steps: [...] }`, and the
// turn whose message (the person's request, without the context OpenClaw adds) contains `key` plays it (the longest
// key wins). A turn with no script answers "ok".
// Every request is appended to CODEX_FAKE_LOG, one JSON line each, for post-mortems.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const scriptsDir = process.env.CODEX_FAKE_SCRIPTS ?? '';
const logFile = process.env.CODEX_FAKE_LOG;
// The plugin refuses app-servers older than 0.149.0, read from this user agent.
const USER_AGENT = 'codex_cli_rs/0.154.0 (Linux; test stand-in)';
const MODEL = 'gpt-5.5';

// Its gateway kills it when the gateway itself is killed (codex-gateway.ts): the plugin starts it in a group of its own.
if (scriptsDir) appendFileSync(join(scriptsDir, 'app-servers.pid'), `${process.pid}\n`);

const threads = new Map();
const interrupts = new Map();
let counter = 0;
const nextId = (prefix) => `${prefix}-${process.pid}-${++counter}`;

function log(entry) {
  if (logFile) appendFileSync(logFile, `${JSON.stringify({ at: Date.now(), ...entry })}\n`);
}
function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}
const notify = (method, params) => send({ method, params });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function threadOf(id, cwd) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    sessionId: id,
    cliVersion: '0.154.0',
    createdAt: now,
    updatedAt: now,
    cwd: cwd || process.cwd(),
    ephemeral: false,
    modelProvider: 'openai',
    model: MODEL,
    preview: '',
    projectId: null,
    source: 'appServer',
    status: { type: 'idle' },
    turns: [],
  };
}

function threadResponse(thread) {
  return {
    thread,
    model: MODEL,
    modelProvider: 'openai',
    cwd: thread.cwd,
    approvalPolicy: 'never',
    approvalsReviewer: 'user',
    sandbox: { type: 'dangerFullAccess' },
  };
}

function ensureThread(id, cwd) {
  let t = threads.get(id);
  if (!t) {
    t = threadOf(id ?? nextId('thread'), cwd);
    threads.set(t.id, t);
  }
  return t;
}

// The person's message: OpenClaw puts workspace and conversation context first, then "Current user request:". A
// turn OpenClaw starts itself (its request begins with "[System]", as a restart recovery's does) is matched by the
// whole text instead, so it plays the script of the conversation it continues.
const REQUEST_MARK = 'Current user request:\n';
function textOf(input) {
  if (!Array.isArray(input)) return '';
  const text = input.map((part) => (part && typeof part.text === 'string' ? part.text : '')).join('\n');
  const at = text.lastIndexOf(REQUEST_MARK);
  const request = at < 0 ? text : text.slice(at + REQUEST_MARK.length);
  return request.startsWith('[System]') ? text : request;
}

function scriptFor(text) {
  if (!scriptsDir || !existsSync(scriptsDir)) return undefined;
  const keys = readdirSync(scriptsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((key) => text.includes(key))
    .sort((a, b) => b.length - a.length);
  if (keys.length === 0) return undefined;
  return JSON.parse(readFileSync(join(scriptsDir, `${keys[0]}.json`), 'utf8'));
}

async function released(key, turnId) {
  const file = join(scriptsDir, `${key}.release`);
  while (!existsSync(file)) {
    if (interrupts.get(turnId)) return false;
    await sleep(100);
  }
  return true;
}

async function playItem(threadId, turnId, item) {
  notify('item/started', { threadId, turnId, item: { ...item, text: '' } });
  if (item.text) notify('item/agentMessage/delta', { threadId, turnId, itemId: item.id, delta: item.text });
  notify('item/completed', { threadId, turnId, item });
}

// Plays one turn's steps; returns the turn's final status.
async function playTurn(thread, turn, steps) {
  const threadId = thread.id;
  const turnId = turn.id;
  for (const step of steps) {
    if (interrupts.get(turnId)) return 'interrupted';
    if (step.say !== undefined) {
      const item = { type: 'agentMessage', id: nextId('msg'), text: step.say, phase: step.phase ?? 'final_answer' };
      turn.items.push(item);
      await playItem(threadId, turnId, item);
    } else if (step.ask) {
      const item = { type: 'agentMessage', id: step.itemId ?? nextId('ask'), text: step.text ?? step.ask.map((q) => q.title).join('\n'), delivery: 'async', questions: step.ask };
      turn.items.push(item);
      await playItem(threadId, turnId, item);
    } else if (step.waitMs !== undefined) {
      const until = Date.now() + step.waitMs;
      while (Date.now() < until && !interrupts.get(turnId)) await sleep(Math.min(100, until - Date.now()));
    } else if (step.waitFor !== undefined) {
      if (!(await released(step.waitFor, turnId))) return 'interrupted';
    } else if (step.hang) {
      // Runs until interrupted.
      while (!interrupts.get(turnId)) await sleep(100);
      return 'interrupted';
    } else if (step.fail !== undefined) {
      notify('error', { threadId, turnId, willRetry: false, error: { message: step.fail } });
      return 'failed';
    }
  }
  return interrupts.get(turnId) ? 'interrupted' : 'completed';
}

async function runTurn(thread, turn, text) {
  const script = scriptFor(text) ?? { steps: [{ say: 'ok' }] };
  notify('turn/started', { threadId: thread.id, turn: { id: turn.id, items: [], status: 'inProgress' } });
  thread.status = { type: 'active', activeFlags: [] };
  notify('thread/status/changed', { threadId: thread.id, status: thread.status });
  let status;
  try {
    status = await playTurn(thread, turn, script.steps ?? []);
    // Messages steered into the turn play beside it; the turn ends when they have too.
    for (let seen = 0; seen < turn.steered.length; seen = turn.steered.length) {
      const ends = await Promise.all(turn.steered.slice(seen));
      status = ends.includes('failed') ? 'failed' : ends.includes('interrupted') ? 'interrupted' : status;
    }
  } catch (err) {
    log({ error: String(err?.stack ?? err) });
    notify('error', { threadId: thread.id, turnId: turn.id, willRetry: false, error: { message: String(err) } });
    status = 'failed';
  }
  turn.status = status;
  interrupts.delete(turn.id);
  thread.status = { type: 'idle' };
  notify('thread/status/changed', { threadId: thread.id, status: thread.status });
  notify('turn/completed', { threadId: thread.id, turn: { id: turn.id, items: turn.items, status } });
}

const handlers = {
  initialize: () => ({ userAgent: USER_AGENT, codexHome: process.env.CODEX_HOME ?? process.cwd(), platformFamily: 'unix', platformOs: 'linux' }),
  'account/read': () => ({ account: { type: 'chatgpt', email: 'test@example.invalid', planType: 'plus' }, requiresOpenaiAuth: false }),
  'model/list': () => ({
    data: [
      {
        id: MODEL,
        model: MODEL,
        displayName: 'GPT-5.5',
        description: 'stand-in',
        hidden: false,
        isDefault: true,
        defaultReasoningEffort: 'medium',
        supportedReasoningEfforts: [{ reasoningEffort: 'medium', description: 'medium' }],
      },
    ],
    nextCursor: null,
  }),
  'config/read': () => ({ config: {}, origins: {} }),
  'configRequirements/read': () => ({ requirements: null }),
  'skills/list': () => ({ data: [] }),
  'thread/list': () => ({ data: [], nextCursor: null }),
  'thread/backgroundTerminals/list': () => ({ data: [] }),
  'thread/start': (p) => threadResponse(ensureThread(undefined, p?.cwd)),
  'thread/resume': (p) => {
    const thread = ensureThread(p?.threadId, p?.cwd);
    if (thread.status.type === 'notLoaded') thread.status = { type: 'idle' };
    return threadResponse(thread);
  },
  'thread/read': (p) => ({ thread: ensureThread(p?.threadId) }),
  'thread/unsubscribe': (p) => {
    // The plugin checks for this right after the reply; without it the next turn fails with "Codex session policy
    // handoff failed". So it goes out before the reply, and the thread reads as unloaded from now on.
    const thread = threads.get(p?.threadId);
    if (thread) thread.status = { type: 'notLoaded' };
    notify('thread/status/changed', { threadId: p?.threadId, status: { type: 'notLoaded' } });
    return {};
  },
  'turn/start': (p) => {
    const thread = ensureThread(p?.threadId);
    const turn = { id: nextId('turn'), items: [], status: 'inProgress', steered: [] };
    thread.turns.push(turn);
    setImmediate(() => void runTurn(thread, turn, textOf(p?.input)));
    return { turn: { id: turn.id, items: [], status: 'inProgress' } };
  },
  // A message sent while a turn runs is steered into it (OpenClaw's default queue mode): its script plays in that turn.
  'turn/steer': (p) => {
    const thread = threads.get(p?.threadId);
    const turn = thread?.turns.find((t) => t.id === p?.expectedTurnId && t.status === 'inProgress');
    if (!turn) throw new Error(`no turn ${p?.expectedTurnId} in progress on ${p?.threadId}`);
    const script = scriptFor(textOf(p?.input)) ?? { steps: [] };
    turn.steered.push(playTurn(thread, turn, script.steps ?? []));
    return { turnId: turn.id };
  },
  'turn/interrupt': (p) => {
    if (p?.turnId) interrupts.set(p.turnId, true);
    return {};
  },
};

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    log({ unparsable: line.slice(0, 200) });
    return;
  }
  if (msg.method === undefined) return; // a response to a request of ours: none are sent
  log({ method: msg.method, id: msg.id, params: msg.params });
  if (msg.id === undefined) return; // a notification, e.g. `initialized`
  const handler = handlers[msg.method];
  if (!handler) {
    send({ id: msg.id, result: {} });
    return;
  }
  try {
    send({ id: msg.id, result: handler(msg.params) });
  } catch (err) {
    send({ id: msg.id, error: { code: -32603, message: String(err) } });
  }
});
rl.on('close', () => process.exit(0));
