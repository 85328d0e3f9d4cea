import { AgentCoreError, type JsonObject, type JsonValue } from '@jangts/agent-types';
import { detailValue, recordBestEffort, type InputDoor } from '@jangts/agent-types/internal';
import { abortable } from './abortable.js';
import { authorizeHook } from './authorize-hook.js';
import { cutText } from './cut-text.js';
import type { EvidenceChain } from './evidence-chain.js';
import { inputRefusedError, sourceFailedError } from './errors.js';
import { pageDoor, parseReflectionPage, type ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';
import type { ReflectionRunState } from './reflection-run-state.js';
import type { QueryEvidenceArguments } from './tool-arguments.js';

const MAX_GAPS_TO_MODEL = 20;
const MAX_GAP_CHARS_TO_MODEL = 500;

/**
 * Handles one `query_evidence` call of model call `call` (its arguments as the runner validated
 * them) and returns the tool result for the model. Refused to the model without touching the
 * source (a result with `ok: false`): a used-up budget (`maxPages`, `maxEvents` or
 * `maxEvidenceChars`), a cursor this source did not return in this reflection. Otherwise
 * `source.authorize` runs, then `source.query`, then the page is read once into a checked copy
 * and its texts cut to the characters left.
 *
 * @throws AgentCoreError `UNAUTHORIZED` (authorize rejected, or the query threw `UNAUTHORIZED`),
 *   `SOURCE_FAILED` (the query threw anything else), `PAGE_INVALID`, `ABORTED`.
 */
export async function runQueryEvidence<App>(request: QueryEvidenceArguments, call: number, state: ReflectionRunState<App>): Promise<JsonObject> {
  const { budget, coverage, options, context, signal, logger } = state;
  const exhausted = budget.exhausted();
  if (exhausted !== undefined) {
    budget.refuse(exhausted);
    return refusal(state, call, exhausted, 'BUDGET_EXHAUSTED', `${exhausted} (${budget.limits[exhausted]}) is used up: nothing more is read; call submit_report`);
  }
  const lookup = coverage.lookup(request.cursor);
  if (lookup === 'unknown') {
    return refusal(state, call, 'cursor', 'INPUT_INVALID', 'unknown cursor: pass a cursor exactly as an earlier query_evidence result returned it');
  }
  const limit = budget.clampLimit(request.limit);
  const query = toQuery(request, limit);
  const { source } = options;
  await authorizeHook('source.authorize', () => source.authorize(query, context), signal, 'while authorizing a query', { sourceId: source.id });
  const door = pageDoor(source.id, budget.pages + 1);
  const page = parseReflectionPage(await readPage(state, query), door, limit);
  refuseRepeats(page, lookup.chain, door);
  budget.pages += 1;
  budget.events += page.items.length;
  const { items, cutItems, chars } = renderItems(state, page, call);
  coverage.addPage(lookup, page, budget.pages, cutItems, budget.limits.maxEvidenceChars);
  recordBestEffort(logger, 'reflection.page', { call, page: budget.pages, limit, items: page.items.length, chars, cutItems, more: page.cursor !== undefined });
  const notes: string[] = [];
  if (limit !== request.limit) notes.push(`limit ${request.limit} was clamped to ${limit} (at least 1, at most the events left)`);
  if (cutItems > 0) notes.push(`the text of ${cutItems} item(s) was cut to fit the evidence character budget`);
  return {
    ok: true,
    items,
    ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
    complete: page.coverage.complete,
    gaps: page.coverage.gaps.slice(0, MAX_GAPS_TO_MODEL).map((gap) => cutText(gap, MAX_GAP_CHARS_TO_MODEL)),
    ...(notes.length === 0 ? {} : { notes }),
    budget: budget.remaining(),
  };
}

function toQuery(request: QueryEvidenceArguments, limit: number): ReflectionQuery {
  return Object.freeze({
    ...(request.run === undefined ? {} : { run: request.run }),
    ...(request.types === undefined || request.types.length === 0 ? {} : { types: Object.freeze([...request.types]) }),
    ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
    limit,
  });
}

async function readPage<App>({ options, context, signal }: ReflectionRunState<App>, query: ReflectionQuery): Promise<unknown> {
  const { source } = options;
  try {
    return await abortable<unknown>(() => source.query(query, context), signal, 'while the source was queried');
  } catch (error) {
    if (signal.aborted) throw error;
    if (AgentCoreError.isInstance(error) && error.code === 'UNAUTHORIZED') throw error;
    throw sourceFailedError(source.id, error);
  }
}

/**
 * Refuses a page (`PAGE_INVALID`) that repeats what its cursor chain already returned: an id of
 * an earlier page, or a cursor the chain was queried with or returned (the source would loop).
 */
function refuseRepeats(page: ReflectionPage, chain: EvidenceChain, door: InputDoor): void {
  for (const [index, { id }] of page.items.entries()) {
    if (chain.ids.has(id)) {
      throw inputRefusedError(door, { path: ['items', index, 'id'], rule: 'duplicate', problem: 'repeats an id of an earlier page of the same cursor chain', actual: detailValue(id) });
    }
  }
  if (page.cursor !== undefined && chain.cursors.has(page.cursor)) {
    throw inputRefusedError(door, { path: ['cursor'], rule: 'repeat', problem: 'repeats a cursor already used in this cursor chain (the source would loop)', actual: detailValue(page.cursor) });
  }
}

function renderItems<App>({ budget, conversation, evidence, options }: ReflectionRunState<App>, page: ReflectionPage, call: number): {
  items: JsonValue[];
  cutItems: number;
  chars: number;
} {
  const items: JsonValue[] = [];
  let cutItems = 0;
  let chars = 0;
  for (const item of page.items) {
    const allowed = budget.evidenceCharsLeft;
    const text = conversation.toolText(options.source.id, cutText(item.text, allowed), allowed);
    const cut = text.length < item.text.length;
    if (cut) cutItems += 1;
    budget.evidenceChars += text.length;
    chars += text.length;
    evidence.add(item, call);
    items.push({
      id: item.id,
      type: item.type,
      ...(item.at === undefined ? {} : { at: item.at }),
      ...(item.run === undefined ? {} : { run: item.run }),
      text,
      ...(cut ? { cut: true } : {}),
    });
  }
  return { items, cutItems, chars };
}

/** A query refused to the model: `code` is `BUDGET_EXHAUSTED` for a used-up budget, `INPUT_INVALID` for an unknown cursor. */
function refusal<App>({ budget, logger }: ReflectionRunState<App>, call: number, reason: string, code: 'BUDGET_EXHAUSTED' | 'INPUT_INVALID', error: string): JsonObject {
  recordBestEffort(logger, 'reflection.refused', { call, tool: 'query_evidence', reason, code });
  return { ok: false, code, error, budget: budget.remaining() };
}
