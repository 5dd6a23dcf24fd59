// Vite builds the client into web/dist: index.html, hashed assets under /assets/, and the
// unhashed files of web/public (the shared stylesheet, also used by the API's own HTML pages).
// JSX goes to Preact through esbuild's automatic runtime: no Babel, no plugin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
