/**
 * Entry of the server runtimes (Node, Bun, Deno): runs the program and prints its result as one
 * line of JSON. Bundled with the library left external, so each runtime resolves
 * `@jangts/agent-core` and `typebox` from `node_modules` through their `exports`, as an App's would.
 */
import { runProgram } from '../program.js';

console.log(JSON.stringify(await runProgram()));
