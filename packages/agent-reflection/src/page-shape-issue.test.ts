import { compileSchema } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCounter } from '../test/support/read-counter.js';
import { findPageShapeIssue } from './page-shape-issue.js';
import { ReflectionPageSchema } from './structs/evidence-structs.js';

const pageValidator = compileSchema(ReflectionPageSchema);

const validItem = fc.record(
  { id: fc.string({ minLength: 1, maxLength: 4 }), type: fc.constantFrom('t', 'error'), text: fc.string(), at: fc.constant('2024-05-01T12:00:00.000Z'), run: fc.constant('r'), data: fc.constant({ a: [1] }) },
  { requiredKeys: ['id', 'type', 'text'] },
);
const invalidItem = fc.oneof(
  validItem.map(({ type: _type, ...rest }) => rest),
  validItem.map((item) => ({ ...item, id: '' })),
  validItem.map((item) => ({ ...item, at: 'yesterday' })),
  validItem.map((item) => ({ ...item, extra: 1 })),
  validItem.map((item) => ({ ...item, data: [1] })),
  fc.constantFrom(null, 'item', 3, undefined, []),
);
const coverage = fc.oneof(
  { weight: 4, arbitrary: fc.record({ consistency: fc.constantFrom('snapshot', 'best-effort'), complete: fc.constantFrom(true, false, null), gaps: fc.array(fc.string(), { maxLength: 2 }) }) },
  fc.record({ consistency: fc.constantFrom('strong', 'snapshot'), complete: fc.constantFrom('no', true), gaps: fc.constantFrom([], [1], 'none') }),
  fc.constantFrom(undefined, null, 'all'),
);
const page = fc.record(
  {
    items: fc.oneof({ weight: 6, arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: validItem }, invalidItem), { maxLength: 6 }) }, fc.constantFrom('items', null, { 0: 'x' })),
    cursor: fc.constantFrom('next', '', 3),
    coverage,
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
);

describe('findPageShapeIssue', () => {
  it('names the issue the whole schema walk names first', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 10, arbitrary: page }, fc.anything()), (value) => {
        expect(findPageShapeIssue(value)).toEqual(pageValidator.issues(value, 1)[0]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names a hole in items or in coverage.gaps, which the schema checks skip, as the schema names undefined there', () => {
    const coverage = { consistency: 'snapshot', complete: true, gaps: [] };
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(findPageShapeIssue({ items: [{ id: 'a', type: 't', text: 'x' }, , { id: 'b', type: 't', text: 'y' }], coverage })).toEqual({ path: '/items/1', message: 'must be object' });
    expect(findPageShapeIssue({ items: new Array(1), coverage })).toEqual(pageValidator.issues({ items: [undefined], coverage }, 1)[0]);
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(findPageShapeIssue({ items: [], coverage: { ...coverage, gaps: [, 'real gap'] } })).toEqual({ path: '/coverage/gaps/0', message: 'must be string' });
  });

  it('explains an invalid item or the rest of a page without walking its other items', () => {
    const counter = readCounter();
    const { counted } = counter;
    const items = Array.from({ length: 1_000 }, (_, index) => counted({ id: `e${index}`, type: 't', text: 'x' }));
    const coverage = { consistency: 'snapshot', complete: true, gaps: [] };
    let since = counter.reads;
    expect(findPageShapeIssue({ items, coverage })).toBeUndefined();
    const readsOfACheck = counter.reads - since;
    since = counter.reads;
    expect(findPageShapeIssue({ items, coverage: { ...coverage, complete: 'no' } })).toEqual({ path: '/coverage/complete', message: 'must be boolean' });
    expect(counter.reads - since).toBeLessThanOrEqual(2 * readsOfACheck);
    since = counter.reads;
    expect(findPageShapeIssue({ items: [...items, { id: 'last', type: 5, text: 'x' }], coverage })).toEqual({ path: '/items/1000/type', message: 'must be string' });
    expect(counter.reads - since).toBeLessThanOrEqual(2 * readsOfACheck);
  });
});
