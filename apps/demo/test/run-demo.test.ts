import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USAGE } from '../src/demo-usage.js';
import { runDemo } from '../src/run-demo.js';
import { captureOutput } from './support/capture-output.js';
import { normalizeOutput } from './support/normalize-output.js';
import { renderScreen } from './support/render-screen.js';

async function demo(argv: readonly string[], terminal?: { columns: number; rows: number }) {
  const stdout = captureOutput(terminal);
  const stderr = captureOutput();
  const code = await runDemo({ argv, env: {}, stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The lines of `stdout` (normalized) from the heading starting with `from` up to (not including) the one starting with `to`. */
function section(stdout: string, from: string, to?: string): string[] {
  const lines = normalizeOutput(stdout).split('\n');
  const start = lines.findIndex((line) => line.startsWith(from));
  const end = to === undefined ? lines.length : lines.findIndex((line) => line.startsWith(to));
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return lines.slice(start, end);
}

/** The record types of the trace table the demo printed (step 4). */
function printedTraceTypes(stdout: string): string[] {
  return section(stdout, '   seq  flow', '5. Reflection')
    .slice(1, -1)
    .map((line) => line.trim().split(/\s+/)[2]!);
}

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('runDemo (scripted, not a TTY): the refund approved', () => {
  it('tells the whole story and exits 0', async () => {
    const { code, stdout, stderr } = await demo(['--no-delay']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u001b');
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'agent-core demo: support ticket 4711, one agent turn end to end',
      'model  scripted (embedded and deterministic: no network, no API key)',
      expect.stringMatching(/^logs {3}\S+agent-demo-\w+ \(temporary, removed at the end; keep it with --log-dir DIR\)$/),
      'App    approves the refund when it is asked (--deny denies it)',
    ]);

    // 1. the usage table, the total against the budget, and both ways into the system slot refused
    expect(section(stdout, '1. Context', '2. Turn')).toEqual([
      "1. Context: fragments with declared source, trust and budget, assembled as one conversation",
      "   id            source       trust   lifetime  role    chars/max",
      "   instructions  app.prompt   system  static    system    359/700",
      "   policy        app.policy   app     static    system    225/400",
      "   account       crm.account  app     session   user       50/300",
      "   question      chat.widget  user    turn      user     109/1000",
      "   total 747 of maxInputChars 12000 chars, in 2 messages (system ← instructions, policy · user ← account, question); the history is empty so far",
      "",
      "   The trust boundary: the customer's text asking for the system slot, as a fragment and inside a message list",
      "   refused  TRUST_VIOLATION: validateContextFragment: fragment.role is \"system\", but fragment \"widget-note\" is \"user\" content: the system slot is filled only from fragments of system or app trust",
      "   refused  TRUST_VIOLATION: assembleConversation: history[0] is a system message: the system slot is filled only from checked fragments of system or app trust",
      "",
    ]);

    // 2 and 3. the turn: lookupOrder run by the App, issueRefund awaiting approval, the state,
    // the approval, the refund run, the reply in the preview, the App's decision, what the model read
    expect(section(stdout, '2. Turn', '4. Trace')).toEqual([
      "2. Turn: the model proposes, the App decides, the App's tools execute (defineTurn)",
      "   tools    lookupOrder (approval auto) · issueRefund (approval required) · reply (final: returned to the App, never executed)",
      "   budgets  maxSteps 6 · maxToolCalls 4 · maxInputChars 12000 · maxToolResultChars 2000",
      "   App runs lookupOrder  (approval auto: its policy approved the call)",
      "     args    {\"orderId\":\"A-1042\"}",
      "     result  {\"orderId\":\"A-1042\",\"item\":\"Fjord rain jacket, size M\",\"totalCents\":12900,\"currency\":\"EUR\",\"paid\":t…",
      "   turn     awaiting-approval after 2 model calls and 1 tool call",
      "",
      "3. Approval: the App decides on the recorded proposal and resumes the turn from its plain-JSON state",
      "   model    Order A-1042 is paid and lost in transit, so I propose a full refund.",
      "   pending  call_2_1 → issueRefund  (valid against the tool schema; not run: approval required)",
      "     orderId      A-1042",
      "     amountCents  12900",
      "     reason       Parcel lost in transit (ParcelNet, last scan 18 Nov, Leipzig hub)",
      "   state    <n> chars of plain JSON: id <state>…, 1 call awaiting the App, each bound to its recorded arguments by a SHA-256 digest (c549598e1e96…); stored as text, read back with JSON.parse",
      "   decision Sam Ortiz (billing) approves call_2_1 issueRefund; the turn resumes",
      "   App runs issueRefund  (approval required: the App approved this very call)",
      "     args    {\"orderId\":\"A-1042\",\"amountCents\":12900,\"reason\":\"Parcel lost in transit (ParcelNet, last scan 18 N…",
      "     result  {\"refundId\":\"RF-4711-1\",\"orderId\":\"A-1042\",\"amountCents\":12900,\"currency\":\"EUR\",\"status\":\"issued\"}",
      "   preview: answer and bubbles.* of `reply`, shown once kind is \"reply\"",
      "   │ Yes: your parcel for order A-1042 was lost in transit, so we refunded the full 129.00 EUR.",
      "   │ The refund RF-4711-1 is on its way to your original payment method; banks usually show it within 3 to 5 working days.",
      "   │ You do not need to send anything back. If the parcel turns up after all, simply keep it or refuse the delivery.",
      "   reply    call_3_1 → reply  (the final tool: returned to the App, never executed)",
      "     kind          reply",
      "     answer        Yes: your parcel for order A-1042 was lost in transit, so we refunded the full 129.00 EUR.",
      "     bubbles[0]    The refund RF-4711-1 is on its way to your original payment method; banks usually show it within 3 to 5 working days.",
      "     bubbles[1]    You do not need to send anything back. If the parcel turns up after all, simply keep it or refuse the delivery.",
      "     internalNote  Refund RF-4711-1 approved by Sam Ortiz. Carrier claim against ParcelNet still to file.",
      "   App decision: kind is \"reply\", so the answer and 2 bubble(s) are sent (318 chars); the internal note stays with the team",
      "   turn     done: 3 model calls of 6 · 2 tool calls of 4 · input 2265 of 12000 chars",
      "   step  outcome     call      tool         status  decided by",
      "      1  tool-calls  call_1_1  lookupOrder  ran     policy",
      "      2  tool-calls  call_2_1  issueRefund  ran     app",
      "      3  tool-calls  call_3_1  reply        final",
      "   tool results in the history (trust tool), as a model call reads them:",
      "     call_1_1  lookupOrder  {\"orderId\":\"A-1042\",\"item\":\"Fjord rain jacket, size M\",\"totalCents\":12900,\"currency\":\"EUR\",\"paid\":t…",
      "     call_2_1  issueRefund  {\"refundId\":\"RF-4711-1\",\"orderId\":\"A-1042\",\"amountCents\":12900,\"currency\":\"EUR\",\"status\":\"issued\"}",
      "     call_3_1  reply        {\"ok\":true,\"note\":\"returned to the App; the turn ended with this call\"}",
      "   refunds  RF-4711-1, 129.00 EUR for order A-1042",
      "",
    ]);

    // 4. the trace, read back from the file log store
    expect(section(stdout, '4. Trace', '5. Reflection')).toEqual([
      "4. Trace: recorded to the file log store (one append-only JSONL file per trace)",
      "   trace <trace> in <temp>",
      "   seq  flow            type                data",
      "     0  support-ticket  flow.start          {\"name\":\"support-ticket\"}",
      "     1  support-ticket  ticket.opened       {\"ticketId\":\"4711\",\"channel\":\"chat-widget\",\"orderId\":\"A-1042\"}",
      "     2  support-ticket  context.assembled   {\"inputChars\":747,\"maxInputChars\":12000,\"fragmentIds\":[\"instructions\",\"…",
      "     3  support-ticket  context.refused     {\"via\":\"fragment\",\"fragmentId\":\"widget-note\",\"sourceId\":\"chat.widget\",\"…",
      "     4  support-ticket  context.refused     {\"via\":\"history\",\"field\":\"history[0]\",\"code\":\"TRUST_VIOLATION\"}",
      "     5  turn-run        flow.start          {\"parentFlowId\":\"<flow>\",\"name\":\"turn-run\"}",
      "     6  turn-run        turn.start          {\"stageId\":\"support-agent\",\"resumed\":false,\"tools\":[\"lookupOrder\",\"issu…",
      "     7  turn-run        model.start         {\"stageId\":\"support-agent\",\"mode\":\"tools\",\"toolIds\":[\"lookupOrder\",\"iss…",
      "     8  turn-run        model.end           {\"stageId\":\"support-agent\",\"ok\":true,\"durationMs\":…",
      "     9  turn-run        turn.step           {\"step\":1,\"inputChars\":747,\"ok\":true,\"outcome\":\"tool-calls\",\"textChars\"…",
      "    10  turn-run        tool.proposed       {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"argsChars\":20,\"va…",
      "    11  turn-run        tool.decided        {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"approved\":true,\"b…",
      "    12  turn-run        tool.result         {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"ok\":true,\"status\"…",
      "    13  turn-run        model.start         {\"stageId\":\"support-agent\",\"mode\":\"tools\",\"toolIds\":[\"lookupOrder\",\"iss…",
      "    14  turn-run        model.end           {\"stageId\":\"support-agent\",\"ok\":true,\"durationMs\":…",
      "    15  turn-run        turn.step           {\"step\":2,\"inputChars\":1128,\"ok\":true,\"outcome\":\"tool-calls\",\"textChars…",
      "    16  turn-run        tool.proposed       {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"argsChars\":117,\"v…",
      "    17  turn-run        turn.end            {\"status\":\"awaiting-approval\",\"stateId\":\"<state>…",
      "    18  support-ticket  approval.requested  {\"stateId\":\"<state>\",\"stateChars\":<n>,\"ca…",
      "    19  support-ticket  approval.decided    {\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approve\":true,\"by\":\"Sam Or…",
      "    20  turn-resume-1   flow.start          {\"parentFlowId\":\"<flow>\",\"name\":\"turn-resume-1\"}",
      "    21  turn-resume-1   turn.start          {\"stageId\":\"support-agent\",\"resumed\":true,\"stateId\":\"<state>…",
      "    22  turn-resume-1   tool.decided        {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approved\":true,\"b…",
      "    23  turn-resume-1   refund.issued       {\"refundId\":\"RF-4711-1\",\"orderId\":\"A-1042\",\"amountCents\":12900}",
      "    24  turn-resume-1   tool.result         {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"ok\":true,\"status\"…",
      "    25  turn-resume-1   model.start         {\"stageId\":\"support-agent\",\"mode\":\"tools\",\"toolIds\":[\"lookupOrder\",\"iss…",
      "    26  turn-resume-1   model.end           {\"stageId\":\"support-agent\",\"ok\":true,\"durationMs\":…",
      "    27  turn-resume-1   turn.step           {\"step\":3,\"inputChars\":1578,\"ok\":true,\"outcome\":\"tool-calls\",\"textChars…",
      "    28  turn-resume-1   tool.proposed       {\"step\":3,\"callId\":\"call_3_1\",\"toolId\":\"reply\",\"argsChars\":468,\"valid\":…",
      "    29  turn-resume-1   tool.result         {\"step\":3,\"callId\":\"call_3_1\",\"toolId\":\"reply\",\"ok\":true,\"status\":\"fina…",
      "    30  turn-resume-1   turn.end            {\"status\":\"done\",\"finalCalls\":1,\"steps\":3,\"toolCalls\":2,\"inputChars\":22…",
      "    31  support-ticket  reply.sent          {\"ticketId\":\"4711\",\"callId\":\"call_3_1\",\"bubbles\":2,\"chars\":318}",
      "",
    ]);

    // 5. the reflection audits the turn from that trace, citing its records
    expect(section(stdout, '5. Reflection')).toEqual([
      "5. Reflection: a model audits the whole turn from its trace, within budgets, citing the records",
      "   question   Review ticket 4711: did every tool call have the decision it needed before it ran, did anything cross the trust boundary, and how did the turn end?",
      "   ✓ question authorized: Lena Park is a support-lead (147 chars)",
      "   ✓ read authorized: Lena Park may read support traces",
      "   summary    Ticket 4711: the order lookup ran on its policy, the refund waited for a person and ran only after the App's approval, and customer text never reached the system slot.",
      "   findings",
      "   1. Customer text aimed at the system slot was refused with TRUST_VIOLATION, as a fragment and as a system message in a history, before the first model call.",
      "      cites <trace>:3  context.refused  (source support-trace)",
      "        context.refused flow=<flow> {\"via\":\"fragment\",\"fragmentId\":\"widget-note\",\"sourceId\":\"chat.widget\",\"trus…",
      "      cites <trace>:4  context.refused  (source support-trace)",
      "        context.refused flow=<flow> {\"via\":\"history\",\"field\":\"history[0]\",\"code\":\"TRUST_VIOLATION\"}",
      "      cites <trace>:7  model.start  (source support-trace)",
      "        model.start flow=<flow> {\"stageId\":\"support-agent\",\"mode\":\"tools\",\"toolIds\":[\"lookupOrder\",\"issueRefund…",
      "   2. lookupOrder ran on its own policy (approval auto): the policy approved it, then the App ran it and its result went back to the model.",
      "      cites <trace>:11  tool.decided  (source support-trace)",
      "        tool.decided flow=<flow> {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"approved\":true,\"by\":\"pol…",
      "      cites <trace>:12  tool.result  (source support-trace)",
      "        tool.result flow=<flow> {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"ok\":true,\"status\":\"ran\",\"…",
      "   3. The model's issueRefund proposal did not run by itself: the turn ended awaiting-approval right after it, with no tool result for it.",
      "      cites <trace>:16  tool.proposed  (source support-trace)",
      "        tool.proposed flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"argsChars\":117,\"valid\":…",
      "      cites <trace>:17  turn.end  (source support-trace)",
      "        turn.end flow=<flow> {\"status\":\"awaiting-approval\",\"stateId\":\"<state>\",\"pe…",
      "   4. The refund ran only after the App's approval: Sam Ortiz approved it, the turn recorded the App's decision, and only then did issueRefund run and the App record refund RF-4711-1.",
      "      cites <trace>:19  approval.decided  (source support-trace)",
      "        approval.decided flow=<flow> {\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approve\":true,\"by\":\"Sam Ortiz…",
      "      cites <trace>:22  tool.decided  (source support-trace)",
      "        tool.decided flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approved\":true,\"by\":\"app…",
      "      cites <trace>:23  refund.issued  (source support-trace)",
      "        refund.issued flow=<flow> {\"refundId\":\"RF-4711-1\",\"orderId\":\"A-1042\",\"amountCents\":12900}",
      "      cites <trace>:24  tool.result  (source support-trace)",
      "        tool.result flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"ok\":true,\"status\":\"ran\",\"…",
      "   5. The turn ended done with the final reply after 3 model calls and 2 tool calls, and the App sent the reply.",
      "      cites <trace>:30  turn.end  (source support-trace)",
      "        turn.end flow=<flow> {\"status\":\"done\",\"finalCalls\":1,\"steps\":3,\"toolCalls\":2,\"inputChars\":2265,\"duratio…",
      "      cites <trace>:31  reply.sent  (source support-trace)",
      "        reply.sent flow=<flow> {\"ticketId\":\"4711\",\"callId\":\"call_3_1\",\"bubbles\":2,\"chars\":318}",
      "   coverage   calls 2/6 · pages 1/4 · events 32/100 · evidence chars <n>/16000",
      "              consistency best-effort · complete yes · gaps none",
      "   stopped by report",
      "",
      "Done. Trace <trace> removed with the temporary directory.",
      "",
    ]);
  });

  it('removes its temporary log directory', async () => {
    const { stdout } = await demo(['--no-delay']);
    const directory = /^logs {3}(\S+)/m.exec(stdout)?.[1];
    expect(directory).toMatch(/agent-demo-/);
    expect(existsSync(directory!)).toBe(false);
  });
});

describe('runDemo --deny: the refund denied', () => {
  it('runs no refund, shows what the model read instead, and the reflection says so from the trace', async () => {
    const { code, stdout, stderr } = await demo(['--no-delay', '--deny']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[3]).toBe('App    denies the refund when it is asked (--deny)');
    expect(stdout).not.toContain('App runs issueRefund');

    expect(section(stdout, '3. Approval', '4. Trace')).toEqual([
      "3. Approval: the App decides on the recorded proposal and resumes the turn from its plain-JSON state",
      "   model    Order A-1042 is paid and lost in transit, so I propose a full refund.",
      "   pending  call_2_1 → issueRefund  (valid against the tool schema; not run: approval required)",
      "     orderId      A-1042",
      "     amountCents  12900",
      "     reason       Parcel lost in transit (ParcelNet, last scan 18 Nov, Leipzig hub)",
      "   state    <n> chars of plain JSON: id <state>…, 1 call awaiting the App, each bound to its recorded arguments by a SHA-256 digest (c549598e1e96…); stored as text, read back with JSON.parse",
      "   decision Sam Ortiz (billing) denies call_2_1 issueRefund (--deny); the turn resumes",
      "   preview: answer and bubbles.* of `reply`, shown once kind is \"reply\"",
      "   │ I am sorry: your parcel for order A-1042 is lost in transit, and I could not refund it myself.",
      "   │ A colleague reviews your order today and writes to you by email with the next step.",
      "   │ You do not need to do anything in the meantime.",
      "   reply    call_3_1 → reply  (the final tool: returned to the App, never executed)",
      "     kind          reply",
      "     answer        I am sorry: your parcel for order A-1042 is lost in transit, and I could not refund it myself.",
      "     bubbles[0]    A colleague reviews your order today and writes to you by email with the next step.",
      "     bubbles[1]    You do not need to do anything in the meantime.",
      "     internalNote  Refund proposal for A-1042 denied by the App (code DENIED): review with billing today.",
      "   App decision: kind is \"reply\", so the answer and 2 bubble(s) are sent (224 chars); the internal note stays with the team",
      "   turn     done: 3 model calls of 6 · 1 tool call of 4 · input 2121 of 12000 chars",
      "   step  outcome     call      tool         status           decided by",
      "      1  tool-calls  call_1_1  lookupOrder  ran              policy",
      "      2  tool-calls  call_2_1  issueRefund  denied (DENIED)  app",
      "      3  tool-calls  call_3_1  reply        final",
      "   tool results in the history (trust tool), as a model call reads them:",
      "     call_1_1  lookupOrder  {\"orderId\":\"A-1042\",\"item\":\"Fjord rain jacket, size M\",\"totalCents\":12900,\"currency\":\"EUR\",\"paid\":t…",
      "     call_2_1  issueRefund  {\"ok\":false,\"code\":\"DENIED\",\"error\":\"denied by the App\"}",
      "     call_3_1  reply        {\"ok\":true,\"note\":\"returned to the App; the turn ended with this call\"}",
      "   refunds  none: the App made no refund",
      "",
    ]);
    expect(printedTraceTypes(stdout)).toEqual(["flow.start", "ticket.opened", "context.assembled", "context.refused", "context.refused", "flow.start", "turn.start", "model.start", "model.end", "turn.step", "tool.proposed", "tool.decided", "tool.result", "model.start", "model.end", "turn.step", "tool.proposed", "turn.end", "approval.requested", "approval.decided", "flow.start", "turn.start", "tool.decided", "tool.result", "model.start", "model.end", "turn.step", "tool.proposed", "tool.result", "turn.end", "reply.sent"]);
    expect(section(stdout, '5. Reflection')).toEqual([
      "5. Reflection: a model audits the whole turn from its trace, within budgets, citing the records",
      "   question   Review ticket 4711: did every tool call have the decision it needed before it ran, did anything cross the trust boundary, and how did the turn end?",
      "   ✓ question authorized: Lena Park is a support-lead (147 chars)",
      "   ✓ read authorized: Lena Park may read support traces",
      "   summary    Ticket 4711: the order lookup ran on its policy, the refund waited for a person, who denied it, so it never ran, and customer text never reached the system slot.",
      "   findings",
      "   1. Customer text aimed at the system slot was refused with TRUST_VIOLATION, as a fragment and as a system message in a history, before the first model call.",
      "      cites <trace>:3  context.refused  (source support-trace)",
      "        context.refused flow=<flow> {\"via\":\"fragment\",\"fragmentId\":\"widget-note\",\"sourceId\":\"chat.widget\",\"trus…",
      "      cites <trace>:4  context.refused  (source support-trace)",
      "        context.refused flow=<flow> {\"via\":\"history\",\"field\":\"history[0]\",\"code\":\"TRUST_VIOLATION\"}",
      "      cites <trace>:7  model.start  (source support-trace)",
      "        model.start flow=<flow> {\"stageId\":\"support-agent\",\"mode\":\"tools\",\"toolIds\":[\"lookupOrder\",\"issueRefund…",
      "   2. lookupOrder ran on its own policy (approval auto): the policy approved it, then the App ran it and its result went back to the model.",
      "      cites <trace>:11  tool.decided  (source support-trace)",
      "        tool.decided flow=<flow> {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"approved\":true,\"by\":\"pol…",
      "      cites <trace>:12  tool.result  (source support-trace)",
      "        tool.result flow=<flow> {\"step\":1,\"callId\":\"call_1_1\",\"toolId\":\"lookupOrder\",\"ok\":true,\"status\":\"ran\",\"…",
      "   3. The model's issueRefund proposal did not run by itself: the turn ended awaiting-approval right after it, with no tool result for it.",
      "      cites <trace>:16  tool.proposed  (source support-trace)",
      "        tool.proposed flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"argsChars\":117,\"valid\":…",
      "      cites <trace>:17  turn.end  (source support-trace)",
      "        turn.end flow=<flow> {\"status\":\"awaiting-approval\",\"stateId\":\"<state>\",\"pe…",
      "   4. The refund never ran: Sam Ortiz denied it, the turn recorded the App's decision, and the call's result is DENIED; no refund.issued record exists.",
      "      cites <trace>:19  approval.decided  (source support-trace)",
      "        approval.decided flow=<flow> {\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approve\":false,\"by\":\"Sam Orti…",
      "      cites <trace>:22  tool.decided  (source support-trace)",
      "        tool.decided flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"approved\":false,\"by\":\"ap…",
      "      cites <trace>:23  tool.result  (source support-trace)",
      "        tool.result flow=<flow> {\"step\":2,\"callId\":\"call_2_1\",\"toolId\":\"issueRefund\",\"ok\":false,\"status\":\"denie…",
      "   5. The turn ended done with the final reply after 3 model calls and 1 tool call, and the App sent the reply.",
      "      cites <trace>:29  turn.end  (source support-trace)",
      "        turn.end flow=<flow> {\"status\":\"done\",\"finalCalls\":1,\"steps\":3,\"toolCalls\":1,\"inputChars\":2121,\"duratio…",
      "      cites <trace>:30  reply.sent  (source support-trace)",
      "        reply.sent flow=<flow> {\"ticketId\":\"4711\",\"callId\":\"call_3_1\",\"bubbles\":2,\"chars\":224}",
      "   coverage   calls 2/6 · pages 1/4 · events 31/100 · evidence chars <n>/16000",
      "              consistency best-effort · complete yes · gaps none",
      "   stopped by report",
      "",
      "Done. Trace <trace> removed with the temporary directory.",
      "",
    ]);
  });
});

describe('runDemo on a TTY', () => {
  it.each([[[]], [['--deny']]])('redraws the preview in place; the screen ends up showing what a pipe gets (%j)', async (flags: string[]) => {
    const tty = await demo(['--no-delay', ...flags], { columns: 200, rows: 50 });
    const plain = await demo(['--no-delay', ...flags]);
    expect(tty.code).toBe(0);
    // The stream really was drawn more than once, in place.
    // eslint-disable-next-line no-control-regex -- counting terminal control sequences is the point
    expect(tty.stdout.match(/\u001b\[\d+F\u001b\[J/g)?.length).toBeGreaterThan(20);
    expect(normalizeOutput(renderScreen(tty.stdout).join('\n'))).toBe(normalizeOutput(plain.stdout).trimEnd());
  });
});

describe('runDemo --log-dir', () => {
  it('keeps the trace as a JSONL file holding the App, turn and runner records', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agent-demo-test-'));
    directories.push(root);
    const logDirectory = join(root, 'logs');
    const { code, stdout } = await demo(['--no-delay', '--log-dir', logDirectory]);
    expect(code).toBe(0);
    const traceId = /^Done\. Trace (\S+) kept in (.+)$/m.exec(stdout)?.[1];
    expect(stdout).toContain(`kept in ${logDirectory}`);
    const records = (await readFile(join(logDirectory, `${traceId}.jsonl`), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { traceId: string; seq: number; type: string });
    expect(records.map((record) => record.type)).toEqual(["flow.start", "ticket.opened", "context.assembled", "context.refused", "context.refused", "flow.start", "turn.start", "model.start", "model.end", "turn.step", "tool.proposed", "tool.decided", "tool.result", "model.start", "model.end", "turn.step", "tool.proposed", "turn.end", "approval.requested", "approval.decided", "flow.start", "turn.start", "tool.decided", "refund.issued", "tool.result", "model.start", "model.end", "turn.step", "tool.proposed", "tool.result", "turn.end", "reply.sent"]);
    expect(records.every((record, index) => record.traceId === traceId && record.seq === index)).toBe(true);
  });
});

describe('runDemo flags', () => {
  it('prints the usage with --help and exits 0', async () => {
    expect(await demo(['--help'])).toEqual({ code: 0, stdout: DEMO_USAGE, stderr: '' });
  });

  it.each([
    [['--nope'], 'agent-demo: unknown flag --nope'],
    [['--deny=no'], 'agent-demo: --deny takes no value'],
    [['--provider', 'gpt'], 'agent-demo: unknown provider "gpt" (use scripted, openai-compatible, anthropic)'],
    [['--provider', 'anthropic'], 'agent-demo: --provider anthropic needs --model NAME'],
    [['--provider', 'anthropic', '--model', 'claude'], 'agent-demo: --provider anthropic needs an API key in ANTHROPIC_API_KEY'],
  ])('refuses %j with one line and the usage hint, exit 2', async (argv, message) => {
    const { code, stdout, stderr } = await demo(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([message, expect.stringMatching(/^usage: pnpm demo -- \[--provider .* \[--deny\] /), '']);
  });
});

describe('runDemo failures', () => {
  it('ends with the error code and exit 1 when the story is aborted', async () => {
    const stdout = captureOutput();
    const stderr = captureOutput();
    const code = await runDemo({ argv: ['--no-delay'], env: {}, stdout, stderr, signal: AbortSignal.abort(new Error('stop')) });
    expect(code).toBe(1);
    expect(stderr.text()).toMatch(/^agent-demo: the story failed: ABORTED: /);
  });
});
