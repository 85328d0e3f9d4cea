import { defineLibraryConfig } from '../../tsup.shared';

export default defineLibraryConfig({
  index: 'src/index.ts',
  types: 'src/types.ts',
  structs: 'src/structs.ts',
  context: 'src/context.ts',
  support: 'src/support.ts',
  kits: 'src/kits.ts',
  'kits/reflection': 'src/kits/reflection.ts',
  'kits/turn': 'src/kits/turn.ts',
  trace: 'src/trace.ts',
  'trace/file': 'src/trace/file.ts',
  'trace/postgres': 'src/trace/postgres.ts',
  'trace/otel': 'src/trace/otel.ts',
  'providers/scripted': 'src/providers/scripted.ts',
  'providers/openai-compatible': 'src/providers/openai-compatible.ts',
  'providers/anthropic': 'src/providers/anthropic.ts',
  'providers/ai-sdk': 'src/providers/ai-sdk.ts'
});
