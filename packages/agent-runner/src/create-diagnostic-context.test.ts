import { compileSchema, DiagnosticContextSchema } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createDiagnosticContext } from './create-diagnostic-context.js';
import { toTraceparent } from './to-traceparent.js';

const valid = compileSchema(DiagnosticContextSchema);

describe('createDiagnosticContext', () => {
  it('creates a sampled root span of a new trace with random W3C ids', () => {
    const root = createDiagnosticContext();
    expect(valid.check(root)).toBe(true);
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
      expect.objectContaining({ code: 'INPUT_INVALID', details: { field: 'parent.traceId' } }),
    );
  });
});

describe('toTraceparent', () => {
  it('formats the W3C traceparent header value', () => {
    const context = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    expect(toTraceparent(context)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(toTraceparent({ ...context, traceFlags: 0 })).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00');
  });
});
