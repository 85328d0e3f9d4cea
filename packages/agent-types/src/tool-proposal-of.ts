import type { Static } from 'typebox';
import type { ToolProposal } from './model-message.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * The proposals a stage with these tools can return: for each tool, a {@link ToolProposal} whose
 * `toolId` is the tool's id and whose `args` are `Static<>` of its parameter schema — a union
 * discriminated by `toolId` when the ids are literal types. A tool whose schema is not known
 * statically (the plain `ToolSpec`) gives `args: unknown`; one whose id is a plain `string` cannot
 * be told apart by `toolId` (its arguments still join the union of `args`).
 */
export type ToolProposalOf<TTools extends readonly ToolSpec[]> = TTools[number] extends infer TTool
  ? TTool extends ToolSpec<infer TParameters, infer TId>
    ? ToolProposal<string extends keyof TParameters['properties'] ? unknown : Static<TParameters>, TId>
    : never
  : never;
