import * as Type from '@jangts/agent-types/internal/type';
import type { TSchema } from 'typebox';
import { AbortSignalSchema, type ProviderRequest } from '@jangts/agent-types';
import { parser, type Parser } from '@jangts/agent-types/internal';
import { ProviderRequestInputSchema } from './provider-request-input-schema.js';

/** What a provider's `stream(request, options)` was called with, once read by its door. */
export interface StreamArguments {
  readonly request: ProviderRequest;
  /** The caller's signal, when the call had one. */
  readonly signal: AbortSignal | undefined;
}

/** The door of one provider's `stream(request, options)` calls. */
export interface StreamArgumentsParser {
  /**
   * Reads the two arguments once into a checked copy of the request and the caller's signal.
   *
   * @throws AgentCoreError `INPUT_INVALID` naming the field (`request.messages[0].role`,
   *   `options.signal`) in the one message form `<provider> provider: <field> <problem>`.
   */
  parse(request: unknown, options: unknown): StreamArguments;
}

/**
 * The door of a provider's `stream(request, options)`: the request as `requestSchema` has it
 * ({@link ProviderRequestInputSchema} unless the provider needs more), and `options` absent or
 * an object whose `signal`, if any, is an `AbortSignal`. The runner always sends a valid request;
 * an App calling a provider directly may not.
 */
export function streamArgumentsParser(provider: string, requestSchema: TSchema = ProviderRequestInputSchema): StreamArgumentsParser {
  const door: Parser<TSchema> = parser(
    Type.Object({ options: Type.Optional(Type.Object({ signal: Type.Optional(AbortSignalSchema) })), request: requestSchema }),
    { subject: `${provider} provider`, code: 'INPUT_INVALID', name: 'arguments' },
  );
  return {
    parse(request, options) {
      // The options first: a call whose signal cannot be read is refused for that, whatever its request.
      const read = door.parse({ options, request }) as { request: ProviderRequest; options?: { signal?: AbortSignal } };
      return { request: read.request, signal: read.options?.signal };
    },
  };
}
