import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { describeTraceStoreConformance } from './describe-trace-store-conformance.js';
import type { TraceStoreConformanceOptions } from './trace-store-subject.js';

/** Calls the kit with `options` as an App's untyped code could, and returns what it threw. */
function refusal(options: unknown): unknown {
  try {
    describeTraceStoreConformance(options as TraceStoreConformanceOptions);
  } catch (error) {
    return error;
  }
  return undefined;
}

const valid = {
  name: 'store',
  describe: (_name: string, body: () => void) => {
    body();
  },
  it: () => undefined,
  subject: () => Promise.reject(new Error('not called while registering')),
};

describe('describeTraceStoreConformance options', () => {
  it('refuses what is not options with CONFIG_INVALID, never a bare TypeError', () => {
    for (const options of [undefined, null, 'store', 7, [], {}]) {
      const error = refusal(options);
      expect(error).toBeInstanceOf(AgentCoreError);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    }
  });

  it('names a missing test function, a misspelt option, and a capability that is not a function', () => {
    const { describe: _describe, ...withoutDescribe } = valid;
    expect(refusal(withoutDescribe)).toMatchObject({
      code: 'CONFIG_INVALID',
      message: 'describeTraceStoreConformance options: describe is required',
      details: { field: 'describe', path: '/describe', rule: 'required' },
    });
    expect(refusal({ ...valid, tearLastWrit: async () => undefined })).toMatchObject({
      code: 'CONFIG_INVALID',
      details: { field: 'tearLastWrit', rule: 'unknown', suggestion: 'tearLastWrite' },
    });
    expect(refusal({ ...valid, crashWriter: true })).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'crashWriter', rule: 'type' } });
    expect(refusal({ ...valid, corruption: { damages: ['json', 'torn'], corrupt: async () => undefined } })).toMatchObject({
      code: 'CONFIG_INVALID',
      details: { field: 'corruption.damages[1]', rule: 'enum' },
    });
  });

  it('keeps the App’s test functions as they are (it.skip included)', () => {
    const skipped: string[] = [];
    const it = Object.assign(() => undefined, { skip: (name: string) => skipped.push(name) });
    describeTraceStoreConformance({ ...valid, it });
    expect(skipped.length).toBeGreaterThan(0); // the capabilities this subject lacks
  });
});
