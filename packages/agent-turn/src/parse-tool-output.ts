import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { EMPTY_RESULT_CONTENT } from './tool-result-content.js';

const output = /* @__PURE__ */ parser(Type.Unknown(), { subject: 'tool execute result', code: 'INPUT_INVALID', name: 'result' });

/**
 * The tool result text of what an `execute` returned: a string as is, `undefined` as `{"ok":true}`,
 * any other value as its JSON text once the door has read it (a function, a cycle, a class
 * instance … is `INPUT_INVALID` naming where).
 */
export function parseToolOutput(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return EMPTY_RESULT_CONTENT;
  return JSON.stringify(output.parse(value));
}
