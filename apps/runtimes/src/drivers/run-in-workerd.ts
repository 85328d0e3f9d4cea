/**
 * Runs the Worker bundle in Cloudflare's workerd through Miniflare and prints the JSON its fetch
 * handler answers: `node --import tsx src/drivers/run-in-workerd.ts <worker.js>`. No
 * `nodejs_compat` flag: the Worker gets only what a Worker has. Exits 1 with the error on stderr
 * when the Worker fails to start or answers an error; gives up (and stops workerd) after
 * {@link DRIVER_DEADLINE_MS}.
 */
import { dirname } from 'node:path';
import { Miniflare } from 'miniflare';
import { DRIVER_DEADLINE_MS, WORKERD_COMPATIBILITY_DATE } from '../matrix/matrix-limits.js';

const scriptPath = process.argv[2];
if (scriptPath === undefined) throw new Error('usage: run-in-workerd.ts <worker bundle>');

// The bundle's folder is the modules' root: workerd refuses module names that climb out of it with `..`.
const miniflare = new Miniflare({ modules: true, scriptPath, modulesRoot: dirname(scriptPath), compatibilityDate: WORKERD_COMPATIBILITY_DATE });
const deadline = setTimeout(() => {
  console.error(`workerd: no answer within ${DRIVER_DEADLINE_MS} ms`);
  void miniflare.dispose().finally(() => process.exit(2));
}, DRIVER_DEADLINE_MS);
try {
  const response = await miniflare.dispatchFetch('http://matrix.test/');
  const text = await response.text();
  if (response.ok) console.log(text);
  else {
    console.error(`workerd: the Worker answered HTTP ${response.status}: ${text}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`workerd: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await miniflare.dispose();
}
