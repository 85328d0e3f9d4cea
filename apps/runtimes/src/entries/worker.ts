/**
 * Entry of Cloudflare's workerd: a Worker whose fetch handler runs the program and answers its
 * result as JSON (status 500 and the error's stack when the program itself throws). Bundled whole
 * for the browser platform, with no Node polyfills and no `nodejs_compat` flag.
 */
import { runProgram } from '../program.js';

export default {
  async fetch(): Promise<Response> {
    try {
      return new Response(JSON.stringify(await runProgram()), { headers: { 'content-type': 'application/json' } });
    } catch (error) {
      return new Response(error instanceof Error ? (error.stack ?? error.message) : String(error), { status: 500 });
    }
  },
};
