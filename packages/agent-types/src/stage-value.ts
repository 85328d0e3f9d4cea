import type { ToolProposalOf } from './tool-proposal-of.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * The `value` of a stage with these tools: the text (`string`) of a plain-text stage (no tools,
 * `readonly []`), the proposals of a tool stage (a non-empty tuple of tools), and either when the
 * tools are a list that may be empty (`readonly ToolSpec[]`).
 */
export type StageValue<TTools extends readonly ToolSpec[]> = TTools extends readonly []
  ? string
  : TTools extends readonly [unknown, ...unknown[]]
    ? readonly ToolProposalOf<TTools>[]
    : string | readonly ToolProposalOf<TTools>[];
