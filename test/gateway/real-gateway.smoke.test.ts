// Proves the harness: the real gateway from global-setup.ts accepts a raw client, and a question
// travels request -> question.requested -> resolve -> question.resolved.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectRaw } from './raw-client';
import type { RawClient } from './raw-client';

const url = inject('gatewayUrl');
const token = inject('gatewayToken');

describe.skipIf(!url)('real OpenClaw gateway (smoke)', () => {
  let client: RawClient;

  beforeAll(async () => {
    client = await connectRaw(url, token, { retryForMs: 30_000 });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('answers hello-ok with the question methods and the main session key', () => {
    expect(client.hello['type']).toBe('hello-ok');
    expect(client.hello.features?.methods).toEqual(
      expect.arrayContaining(['question.request', 'question.list', 'question.get', 'question.resolve', 'chat.send']),
    );
    expect((client.hello.snapshot?.['sessionDefaults'] as { mainSessionKey?: string }).mainSessionKey).toBe('agent:main:main');
  });

  it('question.request -> question.requested -> question.resolve -> question.resolved', async () => {
    const { id } = await client.request<{ id: string; expiresAtMs: number }>('question.request', {
      sessionKey: 'agent:main:main',
      questions: [
        {
          questionId: 'color',
          header: 'Color',
          question: 'Which color?',
          options: [{ label: 'Red' }, { label: 'Blue' }],
        },
      ],
    });
    const requested = await client.waitForEvent(
      (e) => e.event === 'question.requested' && (e.payload as { id?: string }).id === id,
    );
    expect(requested.payload).toMatchObject({ id, status: 'pending', sessionKey: 'agent:main:main' });

    const res = await client.request('question.resolve', { id, answers: { answers: { color: ['Red'] } } });
    expect(res).toEqual({ status: 'answered', answers: { answers: { color: ['Red'] } } });

    const resolved = await client.waitForEvent(
      (e) => e.event === 'question.resolved' && (e.payload as { id?: string }).id === id,
    );
    expect(resolved.payload).toEqual({ id, status: 'answered', answers: { answers: { color: ['Red'] } } });

    const list = await client.request<{ questions: { id: string }[] }>('question.list', {});
    expect(list.questions.map((q) => q.id)).not.toContain(id);
  });
});
