import { existsSync } from 'node:fs';
import type { ModelProvider } from '@jangts/agent-types';
import { fixturePath, readFixture } from '../fixture-path.js';
import { startReplayServer, type RecordedRequest, type ReplayResponse, type ReplayServer } from '../replay-server.js';
import { splitPieces, type Chunking } from '../split-pieces.js';
import type { ConformanceHarness, RecordingCue } from './conformance-harness.js';

/** What an HTTP provider's harness needs to know about its protocol. */
export interface HttpProtocol {
  readonly name: string;
  /** Folder of its recordings under `__fixtures__/conformance/`. */
  readonly directory: string;
  createProvider(baseURL: string, apiKey: string): ModelProvider;
  /** Checks the request-mapping scenario's request as the server received it. */
  checkRequestMapping(request: RecordedRequest): void;
}

/** An HTTP error recording: status, headers and a JSON body. */
interface HttpRecording {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/**
 * A conformance harness for an HTTP provider: a loopback replay server serving the protocol's
 * recordings (`<name>.sse` streams cut per `chunking`, `<name>.http.json` error responses).
 */
export function httpHarness(protocol: HttpProtocol, apiKey: string, chunking: Chunking): ConformanceHarness {
  let server: ReplayServer | undefined;
  const running = (): ReplayServer => {
    if (server === undefined) throw new Error('harness not started');
    return server;
  };
  const load = (cue: RecordingCue): ReplayResponse => {
    const base = `conformance/${protocol.directory}/${cue.name}`;
    if (existsSync(fixturePath(`${base}.http.json`))) {
      const recording = JSON.parse(readFixture(`${base}.http.json`)) as HttpRecording;
      return { status: recording.status, headers: recording.headers, pieces: [JSON.stringify(recording.body)] };
    }
    return { pieces: splitPieces(readFixture(`${base}.sse`), chunking), then: cue.then ?? 'end' };
  };
  return {
    name: protocol.name,
    apiKey,
    start: async () => {
      server = await startReplayServer();
    },
    stop: async () => {
      await server?.close();
    },
    serve: (cues) => {
      running().reset();
      running().enqueue(...cues.map(load));
    },
    provider: () => protocol.createProvider(running().url, apiKey),
    calls: () => running().requests.length,
    lastCallClosed: () => running().requests.at(-1)?.closed ?? Promise.resolve(undefined),
    checkRequestMapping: (index) => {
      const request = running().requests[index];
      if (request === undefined) throw new Error(`no request ${index}`);
      protocol.checkRequestMapping(request);
    },
  };
}
