import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample, startReplayServer, type ReplayServer } from '@jangts/example-connect-model';

const example = new URL('..', import.meta.url);

describe('examples/context-compaction', () => {
  it('audits the compacted context and history, refuses a rewritten policy, and sends the compacted conversation', async () => {
    const { stdout, stderr } = await runExample(example);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'context: 292 → 146 chars; changed notes; dropped search',
        'rewritten policy refused: PLAN_VIOLATION: assembleContextPlan: fragments[0].value of "policy" changed, but it is not mutable; only fragments listed in mutableFragmentIds may change',
        'history: kept 0, 3, 4; dropped 1, 2 (calls call-1); input 313 chars',
        'model: a response in the format of gpt-4o, replayed on loopback (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a live model)',
        'reply: Yes: the card provider is back, so you can retry the payment of order 7 now.',
        '',
      ].join('\n'),
    );
  });

  describe('with OPENAI_API_KEY set', () => {
    let server: ReplayServer;
    beforeAll(async () => {
      server = await startReplayServer();
    });
    afterAll(() => server.close());

    it('sends only what the compaction kept', async () => {
      const baseURL = await server.route('context-compaction-openai-key', [{ recording: new URL('replayed/reply.sse', import.meta.url) }]);
      const { stdout } = await runExample(example, { env: { OPENAI_API_KEY: 'sk-example-key', OPENAI_BASE_URL: baseURL } });
      expect(stdout).toContain('\nreply: Yes: the card provider is back');
      const [request] = server.requests('context-compaction-openai-key');
      expect((request?.body as { messages: unknown }).messages).toEqual([
        { role: 'system', content: 'You are the shop’s support agent. Be brief.' },
        { role: 'user', content: '{"customer":"c-19","plan":"pro"}\n\nOrder 7 failed at payment: card provider down (503), since recovered.' },
        { role: 'user', content: 'Why did order 7 fail?' },
        { role: 'assistant', content: 'The card provider was down when you paid.' },
        { role: 'user', content: 'Can I retry now?' },
      ]);
    });
  });
});
