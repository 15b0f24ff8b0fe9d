import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import { THREAD_PROGRAMS } from './electron/core/journal/program-thread';

// The layout is the design's (electron/, renderer/, shared/), not electron-vite's default src/ tree,
// so every entry is named here.
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          main: resolve(__dirname, 'electron/main.ts'),
          // A thread's program is a module of its own (electron/core/journal/program-thread.ts).
          ...Object.fromEntries(
            THREAD_PROGRAMS.map((program) => [
              program,
              resolve(__dirname, `electron/core/journal/${program}.ts`),
            ]),
          ),
        },
      },
    },
  },
  preload: {
    // Bundled whole: a sandboxed preload cannot require packages, nor a chunk, so the two preloads
    // share no module of ours (see shared/customer-display-channels.ts).
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: {
          preload: resolve(__dirname, 'electron/preload.ts'),
          'customer-preload': resolve(__dirname, 'electron/customer-preload.ts'),
        },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      // electron-vite leaves bundles unminified by default; the counter loads on every start, so it is minified,
      // and the gzip size is printed with each build.
      minify: 'esbuild',
      reportCompressedSize: true,
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'renderer/index.html'),
          customer: resolve(__dirname, 'renderer/customer.html'),
        },
      },
    },
  },
});
