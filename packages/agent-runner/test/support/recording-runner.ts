import type { ProviderRequest } from '@jangts/agent-types';
import { ModelRunner } from '../../src/model-runner.js';

/** A runner over a provider that records every request it is sent and answers `ok`. */
export function recordingRunner(): { runner: ModelRunner; requests: ProviderRequest[] } {
  const requests: ProviderRequest[] = [];
  const provider = {
    async *stream(request: ProviderRequest) {
      requests.push(request);
      yield await Promise.resolve('ok');
    },
  };
  return { runner: new ModelRunner({ provider }), requests };
}
