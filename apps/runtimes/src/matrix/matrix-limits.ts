/** How long one runtime may take before its process group is killed: generous, a hang guard, never a test of speed. */
export const RUNTIME_KILL_AFTER_MS = 300_000;

/** How long a driver (workerd, Chromium) waits for its runtime before it stops it itself, inside {@link RUNTIME_KILL_AFTER_MS}. */
export const DRIVER_DEADLINE_MS = 240_000;

/** The Worker's compatibility date: fixed, so the matrix does not change with the calendar; within what the pinned workerd supports. */
export const WORKERD_COMPATIBILITY_DATE = '2026-07-01';

/** Debian's Chromium (`apt-get install chromium`); Playwright's own browser builds are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags Chromium is started with: headless, and nothing that reaches for the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
] as const;
