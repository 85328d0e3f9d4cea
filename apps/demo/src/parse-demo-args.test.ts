import { describe, expect, it } from 'vitest';
import { DEMO_CHUNK_DELAY_MS, parseDemoArgs } from './parse-demo-args.js';

const keys = { OPENAI_API_KEY: 'sk-openai', ANTHROPIC_API_KEY: 'sk-ant' };

describe('parseDemoArgs', () => {
  it('runs the scripted story by default, streaming with a delay, in a temporary directory', () => {
    expect(parseDemoArgs([], {})).toEqual({ action: 'run', options: { model: { provider: 'scripted' }, chunkDelayMs: DEMO_CHUNK_DELAY_MS, decision: 'approve' } });
  });

  it('reads --log-dir and --no-delay', () => {
    expect(parseDemoArgs(['--log-dir', 'logs', '--no-delay'], {})).toEqual({
      action: 'run',
      options: { model: { provider: 'scripted' }, chunkDelayMs: 0, decision: 'approve', logDirectory: 'logs' },
    });
  });

  it('reads a real provider with its key from the environment', () => {
    expect(parseDemoArgs(['--provider', 'openai-compatible', '--base-url', 'http://localhost:11434/v1', '--model', 'qwen3'], keys)).toEqual({
      action: 'run',
      options: { model: { provider: 'openai-compatible', baseURL: 'http://localhost:11434/v1', model: 'qwen3', apiKey: 'sk-openai' }, chunkDelayMs: DEMO_CHUNK_DELAY_MS, decision: 'approve' },
    });
    expect(parseDemoArgs(['--provider=anthropic', '--model=claude-sonnet-4-5'], keys)).toEqual({
      action: 'run',
      options: { model: { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant' }, chunkDelayMs: DEMO_CHUNK_DELAY_MS, decision: 'approve' },
    });
  });

  it('denies the refund with --deny, with any provider', () => {
    expect(parseDemoArgs(['--deny'], {})).toEqual({ action: 'run', options: { model: { provider: 'scripted' }, chunkDelayMs: DEMO_CHUNK_DELAY_MS, decision: 'deny' } });
    expect(parseDemoArgs(['--provider=anthropic', '--model=claude-sonnet-4-5', '--deny'], keys)).toMatchObject({ action: 'run', options: { model: { provider: 'anthropic' }, decision: 'deny' } });
  });

  it('ignores the bare -- that `pnpm demo -- --flag` passes through', () => {
    expect(parseDemoArgs(['--', '--no-delay'], {})).toEqual({ action: 'run', options: { model: { provider: 'scripted' }, chunkDelayMs: 0, decision: 'approve' } });
  });

  it('asks for help with --help or -h, whatever else is given', () => {
    expect(parseDemoArgs(['--help'], {})).toEqual({ action: 'help' });
    expect(parseDemoArgs(['-h', '--provider', 'nope'], {})).toEqual({ action: 'help' });
  });

  it.each([
    [['--frobnicate'], 'unknown flag --frobnicate'],
    [['-x'], 'unknown flag -x'],
    [['story'], 'unexpected argument "story" (the demo takes flags only)'],
    [['--log-dir'], '--log-dir needs a value'],
    [['--model', '--log-dir', 'x'], '--model needs a value'],
    [['--no-delay=yes'], '--no-delay takes no value'],
    [['--deny=yes'], '--deny takes no value'],
    [['--log-dir='], '--log-dir needs a directory'],
    [['--provider', 'gpt'], 'unknown provider "gpt" (use scripted, openai-compatible, anthropic)'],
    [['--model', 'm'], '--base-url and --model need a real provider (--provider openai-compatible or anthropic)'],
    [['--provider', 'openai-compatible', '--base-url', 'http://localhost/v1'], '--provider openai-compatible needs --model NAME'],
    [['--provider', 'openai-compatible', '--model', 'm'], '--provider openai-compatible needs --base-url URL (e.g. https://api.openai.com/v1)'],
    [['--provider', 'anthropic', '--model', 'm', '--base-url', 'ftp://x'], '--base-url must be an http(s) URL, got "ftp://x"'],
  ])('refuses %j: %s', (argv, reason) => {
    expect(parseDemoArgs(argv, keys)).toEqual({ action: 'refuse', reason });
  });

  it('refuses a real provider without its API key', () => {
    expect(parseDemoArgs(['--provider', 'openai-compatible', '--base-url', 'http://localhost/v1', '--model', 'm'], { ANTHROPIC_API_KEY: 'sk-ant' })).toEqual({
      action: 'refuse',
      reason: '--provider openai-compatible needs an API key in OPENAI_API_KEY',
    });
    expect(parseDemoArgs(['--provider', 'anthropic', '--model', 'm'], { ANTHROPIC_API_KEY: '' })).toEqual({
      action: 'refuse',
      reason: '--provider anthropic needs an API key in ANTHROPIC_API_KEY',
    });
  });
});
