import { defineLibraryConfig } from '../../tsup.shared';

export default defineLibraryConfig({
  index: 'src/index.ts',
  file: 'src/file/index.ts',
  postgres: 'src/postgres/index.ts',
  conformance: 'src/conformance/index.ts',
  otel: 'src/otel/index.ts'
});
