import { format } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

// The two examples of the validateContextFragment seed page, run as written (imports from
// the package name, the user-facing entry point).
import { assembleContextPlan, assembleFragments } from '@jangts/agent-context';
import type { ContextFragment } from '@jangts/agent-context';

describe('assembleFragments and assembleContextPlan, as on the seed page', () => {
  let log: MockInstance<typeof console.log>;
  beforeEach(() => {
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    log.mockRestore();
  });

  it('assembles one bare user fragment and prints its message and usage', () => {
    const input = assembleFragments([{ id: 'question', sourceId: 'request', trust: 'user',
    lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }], 2000);
    console.log(input.messages, input.fragmentUsage);

    expect(log).toHaveBeenCalledTimes(1);
    const [messages, usage] = log.mock.calls[0] ?? [];
    expect(messages).toEqual([{ role: 'user', content: '现在服务状态怎样?', fragmentIds: ['question'] }]);
    expect(usage).toEqual([
      { id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', role: 'user', chars: 9, maxChars: 1000 },
    ]);
    expect(format(...(log.mock.calls[0] ?? []))).toBe(
      "[ { role: 'user', content: '现在服务状态怎样?', fragmentIds: [ 'question' ] } ] [\n" +
        '  {\n' +
        "    id: 'question',\n" +
        "    sourceId: 'request',\n" +
        "    trust: 'user',\n" +
        "    lifetime: 'turn',\n" +
        "    role: 'user',\n" +
        '    chars: 9,\n' +
        '    maxChars: 1000\n' +
        '  }\n' +
        ']',
    );
  });

  it('audits a plan with no mutable fragments and prints its input size', () => {
    const fragments: ContextFragment[] = [{ id: 'question', sourceId: 'request', trust: 'user',
    lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }];
    const input = assembleContextPlan({ fragments, originalFragments: fragments, mutableFragmentIds: [], maxInputChars: 2000 });
    console.log(input.inputChars);

    expect(log.mock.calls).toEqual([[9]]);
    expect(input.audit).toEqual({ unchanged: ['question'], changed: [], dropped: [], originalChars: 9, inputChars: 9 });
  });
});
