import type { ModelRunResult } from '@jangts/agent-core/types';
import { formatTable } from '../terminal/format-table.js';
import { printableText } from '../terminal/printable-text.js';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';

/**
 * Prints what the model proposed: each proposal with its arguments, one field per row (array
 * items numbered), and any text the model wrote besides (a real model sometimes does).
 */
export function printProposals(output: TerminalOutput, { proposals, text }: ModelRunResult): void {
  if (text.trim() !== '') writeLine(output, `   model text (not previewed): ${printableText(text)}`);
  if (proposals.length === 0) writeLine(output, '   no proposal: the model did not call the reply tool');
  for (const proposal of proposals) {
    writeLine(output, `   proposal ${proposal.callId} → ${proposal.toolId}  (arguments valid against the tool schema; nothing executed yet)`);
    for (const line of formatTable(argumentRows(proposal.args))) writeLine(output, `     ${line}`);
  }
}

/** `[field, value]` rows of a JSON value: `bubbles[0]`, `bubbles[1]`, … for arrays. */
function argumentRows(value: unknown, path = ''): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => argumentRows(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => argumentRows(item, path === '' ? key : `${path}.${key}`));
  }
  return [[path, printableText(typeof value === 'string' ? value : JSON.stringify(value))]];
}
