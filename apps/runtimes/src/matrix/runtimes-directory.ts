import { fileURLToPath } from 'node:url';

/** The app's folder (`apps/runtimes`): bundles are written and runtimes started there. */
export const RUNTIMES_DIRECTORY = fileURLToPath(new URL('../..', import.meta.url));
