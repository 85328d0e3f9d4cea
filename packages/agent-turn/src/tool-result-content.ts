/** The tool result the model reads for a call that produced no result of its own: `{ ok: false, code, error }` as JSON text. */
export function toolErrorContent(code: string, error: string): string {
  return JSON.stringify({ ok: false, code, error });
}

/** The tool result the model reads for the final tool's call: it was handed to the App and ended the turn. */
export const FINAL_TOOL_CONTENT = JSON.stringify({ ok: true, note: 'returned to the App; the turn ended with this call' });

/** The tool result the model reads for an `execute` that returned nothing. */
export const EMPTY_RESULT_CONTENT = JSON.stringify({ ok: true });
