import { DEMO_USAGE } from './demo-usage.js';
import { openLogDirectory, type LogDirectory } from './open-log-directory.js';
import { parseDemoArgs, type DemoOptions } from './parse-demo-args.js';
import { writeLine, type TerminalOutput } from './terminal/terminal-output.js';

/** Everything the demo touches of its process, so tests can run it in-process. */
export interface DemoProcess {
  /** The flags, without `node` and the script (`process.argv.slice(2)`). */
  readonly argv: readonly string[];
  /** Where the API keys are read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: TerminalOutput;
  readonly stderr: TerminalOutput;
  /** Aborts the story (e.g. on Ctrl+C); it then ends with `ABORTED`. */
  readonly signal?: AbortSignal;
}

const USAGE_HINT = 'usage: pnpm demo -- [--provider scripted|openai-compatible|anthropic] [--base-url URL] [--model NAME] [--log-dir DIR] [--deny] [--no-delay] [--help]';

/**
 * Runs the demo and resolves with its exit code: 0 done (or `--help`), 1 the story failed,
 * 2 bad flags. Never rejects.
 */
export async function runDemo({ argv, env, stdout, stderr, signal }: DemoProcess): Promise<number> {
  const args = parseDemoArgs(argv, env);
  switch (args.action) {
    case 'help':
      stdout.write(DEMO_USAGE);
      return 0;
    case 'refuse':
      writeLine(stderr, `agent-demo: ${args.reason}`);
      writeLine(stderr, USAGE_HINT);
      return 2;
    case 'run':
      return runStory(args.options, stdout, stderr, signal ?? new AbortController().signal);
  }
}

async function runStory(options: DemoOptions, stdout: TerminalOutput, stderr: TerminalOutput, signal: AbortSignal): Promise<number> {
  // The heading comes first, before the library is loaded: run from the sources, tsx compiles
  // every module the story imports, which takes a few seconds on a busy machine. Flags, usage and
  // this line need none of it, so the story's modules are imported only now.
  writeLine(stdout, 'agent-core demo: support ticket 4711, one agent turn end to end');
  let logDirectory: LogDirectory | undefined;
  try {
    const [{ createDemoProvider }, { runSupportStory }] = await Promise.all([import('./create-demo-provider.js'), import('./story/run-support-story.js')]);
    logDirectory = await openLogDirectory(options.logDirectory);
    const { provider, label } = createDemoProvider(options);
    writeLine(stdout, `model  ${label}`);
    writeLine(stdout, `logs   ${logDirectory.path}${logDirectory.temporary ? ' (temporary, removed at the end; keep it with --log-dir DIR)' : ''}`);
    writeLine(stdout, `App    ${options.decision === 'approve' ? 'approves the refund when it is asked (--deny denies it)' : 'denies the refund when it is asked (--deny)'}`);
    const { traceId } = await runSupportStory({ output: stdout, provider, logDirectory: logDirectory.path, decision: options.decision, signal });
    writeLine(stdout);
    writeLine(stdout, logDirectory.temporary ? `Done. Trace ${traceId} removed with the temporary directory.` : `Done. Trace ${traceId} kept in ${logDirectory.path}`);
    return 0;
  } catch (error) {
    const { describeError } = await import('./describe-error.js');
    writeLine(stderr, `agent-demo: the story failed: ${describeError(error)}`);
    return 1;
  } finally {
    await logDirectory?.release();
  }
}
