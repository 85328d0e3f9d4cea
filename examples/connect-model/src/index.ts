export { connectModel, type ConnectedModel, type ConnectModelOptions } from './connect-model.js';
export { startReplayServer, type ReplayExchange, type ReplayServer, type ReplayedRequest } from './start-replay-server.js';
export { runExample, type RunExampleOptions } from './run-example.js';
