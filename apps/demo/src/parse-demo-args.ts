import { parseArgs } from 'node:util';
import type { RefundDecision } from './story/run-support-turn.js';

/** Which model the story runs against. */
export type DemoModelChoice =
  | { readonly provider: 'scripted' }
  | { readonly provider: 'openai-compatible'; readonly baseURL: string; readonly model: string; readonly apiKey: string }
  | { readonly provider: 'anthropic'; readonly baseURL?: string; readonly model: string; readonly apiKey: string };

/** A run of the demo, as the flags ask for it. */
export interface DemoOptions {
  readonly model: DemoModelChoice;
  /** Keep the trace here; absent: a temporary directory, removed at the end. */
  readonly logDirectory?: string;
  /** Pause of the scripted stream before each chunk, so a person sees it stream. */
  readonly chunkDelayMs: number;
  /** What the App decides on the refund awaiting approval: `approve` (default) or, with `--deny`, `deny`. */
  readonly decision: RefundDecision;
}

/** What the command line asks for: help, a run, or nothing valid (with the reason, for one line on stderr). */
export type DemoArgs = { readonly action: 'help' } | { readonly action: 'run'; readonly options: DemoOptions } | { readonly action: 'refuse'; readonly reason: string };

/** The scripted stream's pause per chunk: slow enough to watch, quick enough not to bore. */
export const DEMO_CHUNK_DELAY_MS = 25;

const PROVIDERS = ['scripted', 'openai-compatible', 'anthropic'] as const;
const API_KEY_VARIABLES = { 'openai-compatible': 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' } as const;

/**
 * Reads the demo's flags (strictly: unknown flags, missing values and positional arguments are
 * refused; a bare `--` is ignored) and the API key of a real provider from `env`. Never throws:
 * a problem comes back as `{ action: 'refuse', reason }`.
 */
export function parseDemoArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): DemoArgs {
  let values;
  try {
    ({ values } = parseArgs({
      // `pnpm demo -- --flag` hands the script a literal `--`; the demo takes no positional
      // arguments, so it carries no meaning here.
      args: argv.filter((argument) => argument !== '--'),
      strict: true,
      allowPositionals: false,
      options: {
        provider: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'log-dir': { type: 'string' },
        'no-delay': { type: 'boolean' },
        deny: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { action: 'refuse', reason: describeParseError(error) };
  }
  if (values.help === true) return { action: 'help' };

  const provider = values.provider ?? 'scripted';
  if (!isProvider(provider)) return refuse(`unknown provider "${provider}" (use ${PROVIDERS.join(', ')})`);
  const logDirectory = values['log-dir'];
  if (logDirectory === '') return refuse('--log-dir needs a directory');
  const common = {
    chunkDelayMs: values['no-delay'] === true ? 0 : DEMO_CHUNK_DELAY_MS,
    decision: values.deny === true ? ('deny' as const) : ('approve' as const),
    ...(logDirectory === undefined ? {} : { logDirectory }),
  };

  const baseURL = values['base-url'];
  const model = values.model;
  if (provider === 'scripted') {
    if (baseURL !== undefined || model !== undefined) return refuse('--base-url and --model need a real provider (--provider openai-compatible or anthropic)');
    return { action: 'run', options: { model: { provider }, ...common } };
  }
  if (model === undefined || model === '') return refuse(`--provider ${provider} needs --model NAME`);
  if (provider === 'openai-compatible' && baseURL === undefined) return refuse('--provider openai-compatible needs --base-url URL (e.g. https://api.openai.com/v1)');
  if (baseURL !== undefined && !isHttpUrl(baseURL)) return refuse(`--base-url must be an http(s) URL, got "${baseURL}"`);
  const apiKeyVariable = API_KEY_VARIABLES[provider];
  const apiKey = env[apiKeyVariable];
  if (apiKey === undefined || apiKey === '') return refuse(`--provider ${provider} needs an API key in ${apiKeyVariable}`);

  if (provider === 'openai-compatible' && baseURL !== undefined) return { action: 'run', options: { model: { provider, baseURL, model, apiKey }, ...common } };
  return { action: 'run', options: { model: { provider: 'anthropic', model, apiKey, ...(baseURL === undefined ? {} : { baseURL }) }, ...common } };
}

function refuse(reason: string): DemoArgs {
  return { action: 'refuse', reason };
}

function isProvider(name: string): name is (typeof PROVIDERS)[number] {
  return (PROVIDERS as readonly string[]).includes(name);
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * `parseArgs` errors as one short line naming the flag. Node's own messages run over several
 * lines ("argument is ambiguous. Did you forget…"), which is a lot for a typo.
 */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const quoted = /'([^']*)'/.exec(message)?.[1]?.split(' ')[0];
  if (quoted === undefined) return message.split('\n')[0] ?? message;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument "${quoted}" (the demo takes flags only)`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return message.includes('does not take an argument') ? `${quoted} takes no value` : `${quoted} needs a value`;
  }
  return message.split('\n')[0] ?? message;
}
