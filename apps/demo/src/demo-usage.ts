/** The text of `--help`. */
export const DEMO_USAGE = `Usage: pnpm demo -- [flags]      (at the repository root; in apps/demo: pnpm start -- [flags])

One support ticket, end to end: context assembly with trust and budgets, a streaming
tool call with a live reply preview, a trace in the file log store, and a reflection
over that trace that cites its evidence. No network and no API key by default.

Flags:
  --provider NAME   scripted (default: embedded, deterministic, no network),
                    openai-compatible, or anthropic
  --base-url URL    API base URL: required for openai-compatible (e.g.
                    https://api.openai.com/v1 or http://localhost:11434/v1);
                    optional for anthropic (default https://api.anthropic.com)
  --model NAME      model id; required for a real provider
  --log-dir DIR     keep the trace in DIR (default: a temporary directory,
                    removed at the end)
  --no-delay        do not slow the scripted stream down (for tests)
  -h, --help        show this help

The API key comes from OPENAI_API_KEY (openai-compatible) or ANTHROPIC_API_KEY
(anthropic). A real provider runs the same story: the reply stage and the
reflection both use that model.

Exit codes: 0 done, 1 the story failed (the error code is printed), 2 bad flags.
`;
