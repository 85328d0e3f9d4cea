import { defineLibraryConfig } from '../../tsup.shared';

export default defineLibraryConfig({
  index: 'src/index.ts',
  'providers/scripted': 'src/providers/scripted.ts',
  'providers/openai-compatible': 'src/providers/openai-compatible.ts',
  'providers/anthropic': 'src/providers/anthropic.ts',
  'providers/ai-sdk': 'src/providers/ai-sdk.ts'
});
