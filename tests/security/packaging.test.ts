/**
 * The packaging config (build/electron-builder.yml), read and validated by electron-builder's own
 * loader and schema as `npm run dist` does: the Electron fuses that keep the packaged binary from
 * being used as a plain Node or pointed at another app.
 */
import { describe, expect, it } from 'vitest';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { getConfig } from 'app-builder-lib/out/util/config/load.js';
import type { Configuration } from 'electron-builder';
import { REPO_ROOT } from '../support/data.ts';

async function packagingConfig(): Promise<Configuration> {
  const read = await getConfig<Configuration>({ packageKey: 'build', configFilename: 'electron-builder', projectDir: REPO_ROOT, packageMetadata: null }, 'build/electron-builder.yml');
  if (!read) throw new Error('build/electron-builder.yml was not found');
  return read.result;
}

describe('packaging', () => {
  it('the config is valid for electron-builder (a misspelt fuse would fail here)', async () => {
    const config = await packagingConfig();
    await expect(validateConfiguration(config, { isEnabled: false, add: () => undefined } as never)).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, electronFuses: { ...config.electronFuses, runAsNod: false } } as Configuration, { isEnabled: false, add: () => undefined } as never)).rejects.toThrow(/electronFuses/);
  });

  it('flips the fuses: no run-as-Node, no NODE_OPTIONS or --inspect, only the app.asar, checked against its hash', async () => {
    const config = await packagingConfig();
    expect(config.asar).not.toBe(false);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
