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
 * cited id returned by `query_evidence` in an earlier call (so the model has read it). Duplicate ids within a finding
 * are dropped. Any breach refuses the whole report — no uncited or unsupported claim is ever
 * accepted.
 */
export function checkReport(report: SubmitReportArguments, evidence: EvidenceLedger, call: number): ReportCheck {
  if (report.summary.trim() === '') return { ok: false, problem: 'the summary is empty' };
  const findings: ReflectionFinding[] = [];
  const unknown = new Set<string>();
  for (const [index, finding] of report.findings.entries()) {
    if (finding.claim.trim() === '') return { ok: false, problem: `finding ${index + 1} has an empty claim` };
    if (finding.evidenceIds.length === 0) return { ok: false, problem: `finding ${index + 1} cites no evidence id (every finding cites at least one)` };
    const evidenceIds = [...new Set(finding.evidenceIds)];
    for (const id of evidenceIds) if (!evidence.readBefore(id, call)) unknown.add(id);
    findings.push({ claim: finding.claim, evidenceIds });
  }
  if (unknown.size > 0) {
    const listed = [...unknown].slice(0, MAX_LISTED_IDS).map((id) => JSON.stringify(id.slice(0, 120)));
    const more = unknown.size > MAX_LISTED_IDS ? ` and ${unknown.size - MAX_LISTED_IDS} more` : '';
    return {
      ok: false,
      problem: `findings cite ids that no earlier query_evidence result returned: ${listed.join(', ')}${more}; cite only ids you have read`,
    };
  }
  return { ok: true, summary: report.summary, findings };
}
