import type { ContextFragment } from '@jangts/agent-types';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { FragmentSchema, FragmentListSchema } from './fragment-schema.js';

describe('FragmentSchema', () => {
  it('reads exactly a ContextFragment', () => {
    expectTypeOf<Static<typeof FragmentSchema>>().toEqualTypeOf<ContextFragment>();
    expectTypeOf<Static<typeof FragmentListSchema>>().toEqualTypeOf<ContextFragment[]>();
  });
});
