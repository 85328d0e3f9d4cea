import { OperationContextSchema, type OperationContext } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { NonBlankTextSchema } from './non-blank-text-schema.js';

const RunArgumentsSchema = Type.Object({ question: NonBlankTextSchema, context: OperationContextSchema });
const runArguments = /* @__PURE__ */ parser(RunArgumentsSchema, { subject: 'reflection.run', code: 'INPUT_INVALID', name: 'arguments' });

/**
 * Reads the arguments of `Reflection.run` once: `question` a non-blank string, `context` a plain
 * object with an `AbortSignal`, and, when present, a `SubFlowLog` logger and a `DiagnosticContext`
 * (the copy: `app` and the signal as they are, the logger's `record` and `child` bound to it).
 * Throws `INPUT_INVALID` naming the field (`question`, `context.signal`, …).
 */
export function parseRunArguments<App>(question: string, context: OperationContext<App>): { readonly question: string; readonly context: OperationContext<App> } {
  return runArguments.parse({ question, context }) as { question: string; context: OperationContext<App> };
}
