import { defineLibraryConfig } from '../../tsup.shared';

export default defineLibraryConfig({
  index: 'src/index.ts'
});
