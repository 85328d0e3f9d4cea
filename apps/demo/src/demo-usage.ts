/** The text of `--help`. */
export const DEMO_USAGE = `Usage: pnpm demo -- [flags]      (at the repository root; in apps/demo: pnpm start -- [flags])

One support ticket, one agent turn, end to end: context with trust and budgets; a turn
(defineTurn) in which the model looks an order up (the App runs it), proposes a refund
that waits for the App's approval, and resumes from its plain-JSON state; the reply
streaming into a live preview; the trace in the file log store; and a reflection that
audits the turn from its trace, citing the records. No network, no API key by default.

Flags:
  --provider NAME   scripted (default: embedded, deterministic, no network),
                    openai-compatible, or anthropic
  --base-url URL    API base URL: required for openai-compatible (e.g.
                    https://api.openai.com/v1 or http://localhost:11434/v1);
                    optional for anthropic (default https://api.anthropic.com)
  --model NAME      model id; required for a real provider
  --log-dir DIR     keep the trace in DIR (default: a temporary directory,
                    removed at the end)
  --deny            deny the refund instead of approving it (the other path)
  --no-delay        do not slow the scripted stream down (for tests)
  -h, --help        show this help

The API key comes from OPENAI_API_KEY (openai-compatible) or ANTHROPIC_API_KEY
(anthropic). A real provider runs the same story: the turn and the reflection
both use that model (what it proposes is up to the model; the App still decides).

Exit codes: 0 done, 1 the story failed (the error code is printed), 2 bad flags.
`;
