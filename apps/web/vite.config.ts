import { defineConfig } from 'vite';

/** The page: `index.html` and `src/page/`, built into `dist/` (served by `pnpm start`). */
export default defineConfig({
  root: import.meta.dirname,
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
