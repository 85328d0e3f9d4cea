import type { ReflectionReport } from '@jangts/agent-core/kits/reflection';
import { fitToWidth } from '../terminal/display-width.js';
import { printableText } from '../terminal/printable-text.js';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import { REFLECTION_BUDGETS } from './run-trace-reflection.js';

/**
 * Prints the sourced report: the summary, each finding with the evidence it cites (id, type,
 * an excerpt of the text the model read), the coverage against the budgets, and why it stopped.
 */
export function printReflectionReport(output: TerminalOutput, report: ReflectionReport): void {
  const evidenceById = new Map(report.evidence.map((item) => [item.id, item]));
  // `no-report`: the model used up its calls without an acceptable report; the coverage still
  // says what it read.
  writeLine(output, `   summary    ${report.stoppedBy === 'report' ? printableText(report.summary) : '(no report)'}`);
  writeLine(output, report.findings.length === 0 ? '   findings   none' : '   findings');
  report.findings.forEach((finding, index) => {
    writeLine(output, `   ${index + 1}. ${printableText(finding.claim)}`);
    for (const id of finding.evidenceIds) {
      const item = evidenceById.get(id);
      writeLine(output, `      cites ${id}${item === undefined ? '' : `  ${item.type}  (source ${item.sourceId})`}`);
      if (item !== undefined) writeLine(output, `        ${fitToWidth(printableText(item.text), 110)}`);
    }
  });
  const { coverage } = report;
  writeLine(
    output,
    `   coverage   calls ${coverage.calls}/${REFLECTION_BUDGETS.maxCalls} · pages ${coverage.pages}/${REFLECTION_BUDGETS.maxPages} · ` +
      `events ${coverage.events}/${REFLECTION_BUDGETS.maxEvents} · evidence chars ${coverage.evidenceChars}/${REFLECTION_BUDGETS.maxEvidenceChars}`,
  );
  const complete = coverage.complete === null ? 'unknown' : coverage.complete ? 'yes' : 'no';
  writeLine(output, `              consistency ${coverage.consistency} · complete ${complete} · gaps ${coverage.gaps.length === 0 ? 'none' : coverage.gaps.length}`);
  for (const gap of coverage.gaps) writeLine(output, `              gap: ${printableText(gap)}`);
  writeLine(output, `   stopped by ${report.stoppedBy}`);
}
