import type { WebRunEvent } from '../../src/shared/web-run-event.js';

/** Reads a whole `/api/run` stream: its raw text, and its events parsed (checking each `event:` names its `type`). */
export async function readRunEvents(url: string): Promise<{ text: string; events: WebRunEvent[] }> {
  const response = await fetch(url);
  if (response.headers.get('content-type') !== 'text/event-stream; charset=utf-8') throw new Error(`not an event stream: ${response.status}`);
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const [eventLine, dataLine, ...rest] = block.split('\n');
      if (!eventLine?.startsWith('event: ') || !dataLine?.startsWith('data: ') || rest.length > 0) throw new Error(`not one event: ${block}`);
      const event = JSON.parse(dataLine.slice('data: '.length)) as WebRunEvent;
      if (event.type !== eventLine.slice('event: '.length)) throw new Error(`event ${eventLine} carries ${event.type}`);
      return event;
    });
  return { text, events };
}
