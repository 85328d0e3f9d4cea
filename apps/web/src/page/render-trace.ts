import type { TraceRecordView } from '../shared/web-run-event.js';
import { element } from './element.js';
import { recordAnchor } from './record-anchor.js';

/** Lists the trace's records, each an anchor (`#record-<seq>`) that the report's citations link to. */
export function renderTrace(list: HTMLOListElement, records: readonly TraceRecordView[]): void {
  list.replaceChildren(
    ...records.map(({ evidenceId, record }) => {
      const item = document.createElement('li');
      item.id = recordAnchor(record);
      item.dataset.evidenceId = evidenceId;
      const link = document.createElement('a');
      link.href = `#${item.id}`;
      link.className = 'seq';
      link.textContent = `#${record.seq}`;
      const type = element('span', 'type', record.type);
      const flow = element('span', 'flow', record.flowId);
      const data = element('code', 'data', record.data === undefined ? '' : JSON.stringify(record.data));
      item.append(link, type, flow, data);
      return item;
    }),
  );
}
