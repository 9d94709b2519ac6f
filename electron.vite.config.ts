// Builds the three Electron processes: main and preload for Node/Electron, the renderer as a React page.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * In development only, the page's CSP meta tag lets Vite's hot reload open its WebSocket and inject CSS as
 * <style> elements (main sends the same relaxation as a header; see electron/main/content-security-policy.ts).
 * Built pages keep 'self' everywhere; scripts stay 'self' even in development.
 */
const devServerCsp: Plugin = {
  name: 'jrs-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*")
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
};

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // The spreadsheet reader's worker thread, started by path from read-sheet-off-thread.ts.
          'sheet-reader-thread': resolve(__dirname, 'electron/core/batches/sheet-reader-thread.ts'),
          // The built-in sandbox's image thread, started by path from png-off-thread.ts.
          'png-render-thread': resolve(__dirname, 'electron/sandbox/outputs/png-render-thread.ts'),
        },
        // Shared chunks beside the entries, not in chunks/: a module that starts a thread finds the thread's
        // script next to its own file (thread-script.ts), wherever rollup put that module.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() anything but electron, so it is bundled whole, as CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src'),
    plugins: [react(), devServerCsp],
    build: {
      outDir: 'out/renderer',
      // Shipped to every user's disk and parsed at every start: minified.
      minify: true,
      // Loaded from disk, not a network: one ~600 kB chunk starts faster than many small ones.
      chunkSizeWarningLimit: 1024,
      rollupOptions: { input: { index: resolve(__dirname, 'src/index.html') } },
    },
  },
});
