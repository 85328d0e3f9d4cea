import { defineLibraryConfig } from '../../tsup.shared';

export default defineLibraryConfig({ index: 'src/index.ts', structs: 'src/structs/index.ts', internal: 'src/internal/index.ts', 'internal-compile': 'src/internal/compile.ts' });
