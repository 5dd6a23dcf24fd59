// Vite builds the client into web/dist: index.html, hashed assets under /assets/, and the
// unhashed files of web/public (the shared stylesheet, also used by the API's own HTML pages).
// JSX goes to Preact through esbuild's automatic runtime: no Babel, no plugin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  // The browser never runs the computer opponent (it plays on the server's search threads), so the
  // computer's knowledge each game's definition carries (src/engine/<game>/computer/, imported by
  // the record checker through the definitions) is left out of the bundle: about 9 KB gzipped.
  resolve: { alias: [{ find: /^\.\/computer\/knowledge\.js$/, replacement: fileURLToPath(new URL('./src/no-computer.ts', import.meta.url)) }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
