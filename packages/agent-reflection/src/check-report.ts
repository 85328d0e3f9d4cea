import type { EvidenceLedger } from './evidence-ledger.js';
import type { ReflectionFinding } from './reflection-report.js';
import type { SubmitReportArguments } from './tool-arguments.js';

/** An accepted report, or why it was refused (told to the model). */
export type ReportCheck =
  | { readonly ok: true; readonly summary: string; readonly findings: readonly ReflectionFinding[] }
  | { readonly ok: false; readonly problem: string };

const MAX_LISTED_IDS = 10;

/**
 * Checks a `submit_report` call made in model call `call` (its arguments as the runner validated
 * them against the tool schema) for what that schema leaves to the reflection, to tell the model:
 * a non-blank summary; every finding with a non-blank claim and at least one evidence id; every
 * cited id returned by `query_evidence` in an earlier call with its text (so the model has read it:
 * an item whose whole text `maxEvidenceChars` cut away was not). Duplicate ids within a finding
 * are dropped. Any breach refuses the whole report — no uncited or unsupported claim is ever
 * accepted.
 */
export function checkReport(report: SubmitReportArguments, evidence: EvidenceLedger, call: number): ReportCheck {
  if (report.summary.trim() === '') return { ok: false, problem: 'the summary is empty' };
  const findings: ReflectionFinding[] = [];
  const unknown = new Set<string>();
  const unread = new Set<string>();
  for (const [index, finding] of report.findings.entries()) {
    if (finding.claim.trim() === '') return { ok: false, problem: `finding ${index + 1} has an empty claim` };
    if (finding.evidenceIds.length === 0) return { ok: false, problem: `finding ${index + 1} cites no evidence id (every finding cites at least one)` };
    const evidenceIds = [...new Set(finding.evidenceIds)];
    for (const id of evidenceIds) {
      if (evidence.unreadBefore(id, call)) unread.add(id);
      else if (!evidence.readBefore(id, call)) unknown.add(id);
    }
    findings.push({ claim: finding.claim, evidenceIds });
  }
  const problems: string[] = [];
  if (unknown.size > 0) problems.push(`findings cite ids that no earlier query_evidence result returned: ${listIds(unknown)}`);
  if (unread.size > 0) problems.push(`findings cite ids whose text was never shown (the evidence character budget was used up before them): ${listIds(unread)}`);
  if (problems.length > 0) return { ok: false, problem: `${problems.join('; ')}; cite only ids you have read` };
  return { ok: true, summary: report.summary, findings };
}

function listIds(ids: ReadonlySet<string>): string {
  const listed = [...ids].slice(0, MAX_LISTED_IDS).map((id) => JSON.stringify(id.slice(0, 120)));
  const more = ids.size > MAX_LISTED_IDS ? ` and ${ids.size - MAX_LISTED_IDS} more` : '';
  return `${listed.join(', ')}${more}`;
}
