import { describe, expect, it } from 'vitest';
import { createDiagnosticContext } from './create-diagnostic-context.js';
import { toTraceparent } from './to-traceparent.js';

describe('createDiagnosticContext', () => {
  it('creates a sampled root span of a new trace with random W3C ids', () => {
    const root = createDiagnosticContext();
    expect(root).toEqual({ traceId: expect.stringMatching(/^[0-9a-f]{32}$/) as string, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) as string, traceFlags: 1 });
    expect(createDiagnosticContext(root).traceId).toBe(root.traceId);
    expect(root.parentSpanId).toBeUndefined();
    expect(root.traceFlags).toBe(1);
    expect(createDiagnosticContext().traceId).not.toBe(root.traceId);
  });

  it('creates a child span in the parent trace, keeping its flags, with the given attributes', () => {
    const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 0 };
    const child = createDiagnosticContext(parent, { 'agent_core.stage_id': 'reply' });
    expect(child).toMatchObject({ traceId: parent.traceId, parentSpanId: parent.spanId, traceFlags: 0, attributes: { 'agent_core.stage_id': 'reply' } });
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(parent.spanId);
  });

  it('rejects an invalid parent with INPUT_INVALID naming the field', () => {
    expect(() => createDiagnosticContext({ traceId: 'nope', spanId: '00f067aa0ba902b7' })).toThrow(
      expect.objectContaining({
        code: 'INPUT_INVALID',
        message: 'createDiagnosticContext: parent.traceId must match ^(?!0{32})[0-9a-f]{32}$ (got "nope")',
        details: expect.objectContaining({ field: 'parent.traceId', path: '/traceId', rule: 'pattern' }) as object,
      }),
    );
  });

  it.each([
    [{ a: 1n }, 'attributes.a'],
    [{ a: () => 1 }, 'attributes.a'],
    [{ a: Number.NaN }, 'attributes.a'],
    [{ a: { nested: 1 } }, 'attributes.a'],
    [{ a: [1, 'x'] }, 'attributes.a'],
    ['str', 'attributes'],
    [['x'], 'attributes'],
    [new Map([['a', 1]]), 'attributes'],
    [new Date(0), 'attributes'],
    [new (class Attributes {
      a = 1;
    })(), 'attributes'],
  ])('rejects attributes %o that are not DiagnosticAttributeValues with INPUT_INVALID naming %s', (attributes, field) => {
    expect(() => createDiagnosticContext(undefined, attributes as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field }) as object }));
  });

  it('accepts every kind of attribute value', () => {
    const attributes = { s: 'x', n: 1.5, b: false, ss: ['a'], ns: [1, 2], bs: [true] };
    expect(createDiagnosticContext(undefined, attributes).attributes).toEqual(attributes);
  });
});

describe('toTraceparent', () => {
  it('formats the W3C traceparent header value', () => {
    const context = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    expect(toTraceparent(context)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(toTraceparent({ ...context, traceFlags: 0 })).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00');
  });

  it.each([
    [null, 'context'],
    [undefined, 'context'],
    [{}, 'context.traceId'],
    [{ traceId: 'A'.repeat(32), spanId: 'b'.repeat(16) }, 'context.traceId'],
    [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 300 }, 'context.traceFlags'],
  ])('rejects %o with INPUT_INVALID naming %s', (context, field) => {
    expect(() => toTraceparent(context as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field }) as object }));
  });
});

describe('createDiagnosticContext with list attributes', () => {
  it('refuses a hole at once, even in a huge sparse list, and copies lists', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the bad input
    expect(() => createDiagnosticContext(undefined, { a: [, , 1] as never })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'attributes.a', rule: 'type' }) as object }) as Error);
    const huge: number[] = [];
    huge.length = 2 ** 32 - 1;
    expect(() => createDiagnosticContext(undefined, { a: huge })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'attributes.a', rule: 'type' }) as object }) as Error);
    const list = ['x', 'y'];
    const context = createDiagnosticContext(undefined, { list });
    list.push('z');
    expect(context.attributes).toEqual({ list: ['x', 'y'] });
  });
});

describe('createDiagnosticContext and toTraceparent read their arguments once', () => {
  /** A context whose ids answer a valid id to the first read and a path-like one after. */
  function flipping(): { traceId: string; spanId: string } {
    let reads = 0;
    return {
      get traceId() {
        reads += 1;
        return reads === 1 ? 'a'.repeat(32) : '../../x';
      },
      spanId: 'b'.repeat(16),
    };
  }

  it('writes the ids it checked', () => {
    expect(toTraceparent(flipping())).toBe(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`);
    expect(createDiagnosticContext(flipping()).traceId).toBe('a'.repeat(32));
  });

  it('keeps the attributes it checked', () => {
    let reads = 0;
    const attributes = {
      get stage() {
        reads += 1;
        return reads === 1 ? 'reply' : { not: 'an attribute' };
      },
    };
    expect(createDiagnosticContext(undefined, attributes as never).attributes).toEqual({ stage: 'reply' });
  });
});
