import { WEB_RUN_EVENT_TYPES, type TraceRecordView, type WebRunEvent } from '../shared/web-run-event.js';
import { renderBubbles } from './render-bubbles.js';
import { renderReport } from './render-report.js';
import { renderTrace } from './render-trace.js';

/** The element `#id` of `index.html`, checked to be of `type`. */
function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no #${id} of the expected kind`);
  return found;
}

const bubbles = byId('bubbles', HTMLOListElement);
const note = byId('preview-note', HTMLParagraphElement);
const status = byId('status', HTMLSpanElement);
const provider = byId('provider', HTMLParagraphElement);
const report = byId('report', HTMLDivElement);
const trace = byId('trace', HTMLOListElement);
const buttons = [byId('run', HTMLButtonElement), byId('run-failing', HTMLButtonElement)];

let source: EventSource | undefined;

function setStatus(state: 'idle' | 'running' | 'done' | 'failed', text: string): void {
  status.dataset.state = state;
  status.textContent = text;
  for (const button of buttons) button.disabled = state === 'running';
}

function setNote(state: 'empty' | 'streaming' | 'withdrawn' | 'sent' | 'handoff', text: string): void {
  note.dataset.state = state;
  note.textContent = text;
}

/** Starts one run: the server streams its events, and each is shown as it arrives. */
function run(injectFailure: boolean): void {
  source?.close();
  renderBubbles(bubbles, []);
  trace.replaceChildren();
  report.replaceChildren();
  provider.textContent = '';
  setNote('empty', 'Waiting for the model…');
  setStatus('running', injectFailure ? 'Running, with a failure injected mid-stream…' : 'Running…');
  let records: readonly TraceRecordView[] = [];
  let shown = false;
  let ended = false;
  const stream = new EventSource(injectFailure ? '/api/run?inject-failure=1' : '/api/run');
  source = stream;

  const handle = (event: WebRunEvent): void => {
    switch (event.type) {
      case 'run':
        provider.textContent = `model: ${event.provider} · trace ${event.traceId}`;
        break;
      case 'bubbles':
        renderBubbles(bubbles, event.bubbles);
        if (event.bubbles.length > 0) {
          shown = true;
          setNote('streaming', 'The model is writing…');
        } else if (shown) {
          setNote('withdrawn', 'Preview withdrawn: the stage failed, so nothing it streamed counts.');
        }
        break;
      case 'stage':
        if (!event.ok) setNote('withdrawn', `Preview withdrawn: the stage failed (${event.code}), so nothing it streamed counts.`);
        break;
      case 'decision':
        if (event.outcome === 'sent') setNote('sent', event.text);
        else if (note.dataset.state !== 'withdrawn') setNote('handoff', event.text);
        break;
      case 'trace':
        records = event.records;
        renderTrace(trace, records);
        break;
      case 'report':
        renderReport(report, event.report, records);
        break;
      case 'failure':
        ended = true;
        stream.close();
        setStatus('failed', `The run failed: ${event.code}: ${event.message}`);
        break;
      case 'end':
        ended = true;
        stream.close();
        if (status.dataset.state === 'running') setStatus('done', 'Done.');
        break;
    }
  };
  for (const type of WEB_RUN_EVENT_TYPES) {
    stream.addEventListener(type, (message) => {
      if (source === stream) handle(JSON.parse((message as MessageEvent<string>).data) as WebRunEvent);
    });
  }
  stream.onerror = () => {
    // EventSource would reconnect (and start another run): a run is one stream, so stop here.
    stream.close();
    if (!ended && source === stream) setStatus('failed', 'The connection to the server broke.');
  };
}

buttons[0]!.addEventListener('click', () => { run(false); });
buttons[1]!.addEventListener('click', () => { run(true); });
