import { resolve } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

// The packaging configuration as electron-builder itself reads and validates it: the fuses it flips in
// the packaged binary, and no signing secret written into the file.
const root = resolve(import.meta.dirname, '../..');

async function packagingConfig(): Promise<Awaited<ReturnType<typeof getConfig>>> {
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, { isEnabled: false } as Parameters<typeof validateConfiguration>[1]);
  return config;
}

describe('the packaged app', () => {
  it('has its Electron fuses set for production', async () => {
    expect((await packagingConfig()).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('is signed with certificates from the environment, never from the configuration', async () => {
    const text = JSON.stringify(await packagingConfig());
    expect(text).not.toMatch(/csc|password|identity|certificate|appleId|teamId/i);
  });
});
