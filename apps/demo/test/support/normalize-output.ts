/**
 * Demo output with the parts that change from run to run replaced: trace ids, flow ids, state
 * ids and sizes, the temporary directory, and anything after a duration (its width moves the cut
 * of an excerpt, and the evidence characters the reflection counts).
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/ticket-4711-\d{8}-\d{6}-[0-9a-f]{4}/g, '<trace>')
    .replace(/flow=[A-Za-z0-9_-]{12}/g, 'flow=<flow>')
    .replace(/"parentFlowId":"[A-Za-z0-9_-]{12}"/g, '"parentFlowId":"<flow>"')
    .replace(/"stateId":"[0-9a-f-]*/g, '"stateId":"<state>')
    .replace(/ id [0-9a-f]{8}…/g, ' id <state>…')
    .replace(/\d+ chars of plain JSON/g, '<n> chars of plain JSON')
    .replace(/"stateChars":\d+/g, '"stateChars":<n>')
    .replace(/\S*agent-demo-[A-Za-z0-9]{6}/g, '<temp>')
    .replace(/"durationMs":.*$/gm, '"durationMs":…')
    .replace(/evidence chars \d+\//g, 'evidence chars <n>/');
}
