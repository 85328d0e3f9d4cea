import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { findNonJson } from '@jangts/agent-types/internal';
import type { EvidenceChain } from './evidence-chain.js';
import { findPageShapeIssue } from './page-shape-issue.js';
import type { ReflectionEvidence } from './reflection-evidence.js';
import type { ReflectionPage } from './reflection-page.js';

/** What a page is checked against: the limit it was asked for and the chain it continues. */
export interface PageCheck {
  readonly sourceId: string;
  /** 1-based number of the page within the reflection. */
  readonly page: number;
  readonly limit: number;
  readonly chain: EvidenceChain;
}

/**
 * Checks one page a source returned and returns it typed. `PAGE_INVALID` (details: `sourceId`,
 * `page`, `reason`, and `path` or `id` or `cursor`, or `limit` and `actual`) for the first of:
 * - `limit`: its `items` list holds more items than `limit` — checked first, on the list's length
 *   alone, so an oversized page is refused without its items being looked at, whatever they hold;
 * - `shape`: it does not match `ReflectionPageSchema`, or an item's `data` is not plain JSON;
 * - `duplicate-id`: an id repeats within the page or repeats one of the chain's earlier pages;
 * - `cursor-repeat`: its cursor is the query's own cursor or one the chain already returned;
 * - `unreadable`: reading it threw (a throwing getter or proxy; what it threw is the `cause`).
 * Does not change the chain.
 */
export function checkReflectionPage(value: unknown, check: PageCheck): ReflectionPage {
  try {
    return checkPage(value, check);
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : 'a non-error value';
    throw pageInvalid(check, 'unreadable', `reading it threw (${reason.slice(0, 200)})`, {}, error);
  }
}

function checkPage(value: unknown, check: PageCheck): ReflectionPage {
  // Counting the items costs nothing, while the shape check reads every item: count first.
  checkItemCount(typeof value === 'object' && value !== null ? (value as { items?: unknown }).items : undefined, check);
  const issue = findPageShapeIssue(value);
  if (issue !== undefined) {
    throw pageInvalid(check, 'shape', `${issue.path === '' ? 'the page' : issue.path} ${issue.message}`, { path: issue.path });
  }
  const page = value as ReflectionPage;
  checkItemCount(page.items, check); // `items` read again: the list that passed the shape check is the one counted
  const ids = new Set<string>();
  const { items } = page;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as ReflectionEvidence;
    const nonJson = item.data === undefined ? undefined : findNonJson(item.data);
    if (nonJson !== undefined) {
      const path = `/items/${index}/data${nonJson}`;
      throw pageInvalid(check, 'shape', `${path} is not plain JSON`, { path });
    }
    if (ids.has(item.id) || check.chain.ids.has(item.id)) {
      const where = ids.has(item.id) ? 'within the page' : 'from an earlier page of the same cursor chain';
      throw pageInvalid(check, 'duplicate-id', `evidence id "${item.id}" repeats ${where}`, { id: item.id });
    }
    ids.add(item.id);
  }
  if (page.cursor !== undefined && check.chain.cursors.has(page.cursor)) {
    throw pageInvalid(check, 'cursor-repeat', 'the cursor repeats one already used in this cursor chain (the source would loop)', {
      cursor: page.cursor.slice(0, 200),
    });
  }
  return page;
}

/** `limit` when `items` is a list of more than `check.limit` items; anything else is left to the shape check. */
function checkItemCount(items: unknown, check: PageCheck): void {
  if (!Array.isArray(items) || items.length <= check.limit) return;
  throw pageInvalid(check, 'limit', `${items.length} items for a limit of ${check.limit}`, { limit: check.limit, actual: items.length });
}

function pageInvalid(check: PageCheck, reason: string, problem: string, extra: JsonObject, cause?: unknown): AgentCoreError {
  return new AgentCoreError('PAGE_INVALID', `reflection: source "${check.sourceId}" page ${check.page} is invalid: ${problem}`, {
    details: { sourceId: check.sourceId, page: check.page, reason, ...extra },
    ...(cause === undefined ? {} : { cause }),
  });
}
