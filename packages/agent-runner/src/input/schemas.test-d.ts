import type { InvokeRequest, ToolSpec } from '@jangts/agent-types';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { ProviderErrorOptionsSchema} from '../provider-failure.js';
import { type ProviderErrorOptions } from '../provider-failure.js';
import type { InvokeRequestSchema } from './invoke-request.js';
import type { ModelRunnerOptionsSchema, RetryOptionsSchema} from './runner-options.js';
import { type ModelRunnerOptions, type RetryOptions } from './runner-options.js';
import type { ToolSpecSchema } from './tool-spec.js';

describe('the input schemas and their public types', () => {
  it('ModelRunnerOptionsSchema reads what ModelRunnerOptions says, field for field', () => {
    expectTypeOf<keyof Static<typeof ModelRunnerOptionsSchema>>().toEqualTypeOf<keyof ModelRunnerOptions>();
    expectTypeOf<Static<typeof ModelRunnerOptionsSchema>>().toExtend<ModelRunnerOptions>();
    expectTypeOf<Static<typeof ModelRunnerOptionsSchema>['provider']>().toEqualTypeOf<ModelRunnerOptions['provider']>();
  });

  it('RetryOptionsSchema reads what RetryOptions says', () => {
    expectTypeOf<keyof Static<typeof RetryOptionsSchema>>().toEqualTypeOf<keyof RetryOptions>();
    expectTypeOf<Static<typeof RetryOptionsSchema>>().toExtend<RetryOptions>();
  });

  it('InvokeRequestSchema reads the fields of InvokeRequest', () => {
    expectTypeOf<keyof Static<typeof InvokeRequestSchema>>().toEqualTypeOf<keyof InvokeRequest>();
    expectTypeOf<Static<typeof InvokeRequestSchema>['stageId']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Static<typeof InvokeRequestSchema>['signal']>>().toEqualTypeOf<AbortSignal>();
  });

  it('ToolSpecSchema reads the fields of ToolSpec, its parameters as JSON Schema', () => {
    expectTypeOf<keyof Static<typeof ToolSpecSchema>>().toEqualTypeOf<keyof ToolSpec>();
    expectTypeOf<Static<typeof ToolSpecSchema>['parameters']>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('ProviderErrorOptionsSchema reads what ProviderErrorOptions says', () => {
    expectTypeOf<keyof Static<typeof ProviderErrorOptionsSchema>>().toEqualTypeOf<keyof ProviderErrorOptions>();
    expectTypeOf<Static<typeof ProviderErrorOptionsSchema>>().toExtend<ProviderErrorOptions>();
  });
});
