import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The counter's bundle must stay small: it loads on every start. The contracts' zod schemas are for the
// core; the renderer may import shared/ types freely but only zod-free runtime code (money.ts, iccid.ts…).
const root = resolve(import.meta.dirname, '../..');

describe('the renderer bundles', () => {
  // Each entry with a file it must bundle, so the check is known to have looked at the real graph.
  it.each([
    ['renderer/src/main.tsx', 'shared/'],
    ['renderer/customer/main.tsx', 'renderer/src/bridge/'],
  ])('%s does not carry zod or any Node module', async (entry, bundled) => {
    const result = await build({
      entryPoints: [resolve(root, entry)],
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      platform: 'browser',
      loader: { '.css': 'empty' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((file) => file.startsWith(bundled))).toBe(true);
    expect(inputs.filter((file) => file.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((file) => file.startsWith('electron/'))).toEqual([]);
  });
});
