// The demo's entry point: `pnpm demo` at the root, or `pnpm start` here. See README.md.
import { runDemo } from './run-demo.js';

// Ctrl+C aborts the story cleanly (the trace is flushed, a temporary directory removed); a
// second Ctrl+C kills the process as usual, since the listener runs once.
const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort(new Error('interrupted (Ctrl+C)'));
});

process.exitCode = await runDemo({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupt.signal,
});