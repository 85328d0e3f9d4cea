import type { ReflectionReport } from '@jangts/agent-reflection';
import type { TraceRecordView } from '../shared/web-run-event.js';
import { element } from './element.js';
import { recordAnchor } from './record-anchor.js';

/**
 * Shows the sourced report: the summary, each finding with its citations (each a link to the
 * trace record it cites, found by evidence id among `records`), the coverage and why it stopped.
 * A citation of an id not in the trace (which the reflection never accepts) is shown unlinked.
 */
export function renderReport(container: HTMLElement, report: ReflectionReport, records: readonly TraceRecordView[]): void {
  const anchors = new Map(records.map(({ evidenceId, record }) => [evidenceId, { anchor: recordAnchor(record), type: record.type }]));
  const summary = element('p', 'summary', report.stoppedBy === 'report' ? report.summary : '(no report: the reflection ran out of model calls)');
  const findings = document.createElement('ol');
  findings.className = 'findings';
  for (const finding of report.findings) {
    const item = document.createElement('li');
    item.className = 'finding';
    item.append(element('span', 'claim', finding.claim), ' ');
    for (const id of finding.evidenceIds) {
      const target = anchors.get(id);
      if (target === undefined) {
        item.append(element('span', 'citation unresolved', `[${id}]`));
        continue;
      }
      const citation = element('a', 'citation', `[#${id.slice(id.lastIndexOf(':') + 1)} ${target.type}]`);
      citation.href = `#${target.anchor}`;
      citation.dataset.evidenceId = id;
      item.append(citation, ' ');
    }
    findings.append(item);
  }
  const { coverage } = report;
  const complete = coverage.complete === null ? 'unknown' : coverage.complete ? 'yes' : 'no';
  const coverageLine = element(
    'p',
    'coverage muted',
    `coverage: ${coverage.calls} model calls, ${coverage.pages} page(s), ${coverage.events} record(s), ${coverage.evidenceChars} evidence chars; ` +
      `consistency ${coverage.consistency}, complete ${complete}, gaps ${coverage.gaps.length}; stopped by ${report.stoppedBy}`,
  );
  container.replaceChildren(element('p', 'question muted', `Question: ${report.question}`), summary, findings, coverageLine);
}
