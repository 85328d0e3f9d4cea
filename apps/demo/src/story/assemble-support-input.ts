import { AgentCoreError, assembleFragments, validateContextFragment } from '@jangts/agent-core/context';
import type { AssembledInput, SubFlowLog } from '@jangts/agent-core/types';
import { formatTable } from '../terminal/format-table.js';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import { MAX_INPUT_CHARS, smuggledSystemFragment, supportFragments } from './support-fragments.js';

/**
 * Step 1: assembles the reply stage's input from declared fragments, prints the usage table,
 * and shows the trust boundary refusing a fragment. Both outcomes are recorded in the trace.
 */
export function assembleSupportInput(output: TerminalOutput, log: SubFlowLog): AssembledInput {
  const input = assembleFragments(supportFragments(), MAX_INPUT_CHARS);

  const rows = input.fragmentUsage.map((usage) => [usage.id, usage.sourceId, usage.trust, usage.lifetime, usage.role, `${usage.chars}/${usage.maxChars}`]);
  for (const line of formatTable([['id', 'source', 'trust', 'lifetime', 'role', 'chars/max'], ...rows], ['left', 'left', 'left', 'left', 'left', 'right'])) {
    writeLine(output, `   ${line}`);
  }
  const layout = input.messages.map((message) => `${message.role} ← ${message.fragmentIds.join(', ')}`).join(' · ');
  writeLine(output, `   total ${input.inputChars} of maxInputChars ${MAX_INPUT_CHARS} chars, in ${input.messages.length} messages (${layout})`);
  log.record('context.assembled', { inputChars: input.inputChars, maxInputChars: MAX_INPUT_CHARS, fragmentIds: input.fragmentUsage.map((usage) => usage.id) });

  writeLine(output);
  writeLine(output, "   The trust boundary: the customer's text asking for the system slot");
  const smuggled = smuggledSystemFragment();
  const refusal = refusalOf(() => validateContextFragment(smuggled));
  writeLine(output, `   refused  ${refusal.code}: ${refusal.message}`);
  log.record('context.refused', { fragmentId: smuggled.id, sourceId: smuggled.sourceId, trust: smuggled.trust, code: refusal.code });
  return input;
}

/** The `AgentCoreError` that `attempt` throws; anything else (or no error at all) is a bug of the demo. */
function refusalOf(attempt: () => unknown): AgentCoreError {
  try {
    attempt();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the context package to refuse the fragment');
}
