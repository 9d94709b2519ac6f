// The update feed is set at build time: electron-builder.yml extends scripts/update-feed.cjs, which gives
// electron-builder a generic feed at JRS_UPDATE_URL, or none when it is unset (a `${env.…}` macro would stop
// the build instead). Read through electron-builder's own configuration loader.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const projectDir = resolve(__dirname, '../..');
const { getConfig } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<{ publish?: unknown }>;
};
const { updateFeedConfig } = require('../../scripts/update-feed.cjs') as {
  updateFeedConfig(env: Record<string, string | undefined>): { publish: unknown };
};

describe('the update feed in the build configuration', () => {
  const saved = process.env['JRS_UPDATE_URL'];
  afterEach(() => {
    if (saved === undefined) delete process.env['JRS_UPDATE_URL'];
    else process.env['JRS_UPDATE_URL'] = saved;
  });

  it('is a generic feed at JRS_UPDATE_URL when it is set', async () => {
    process.env['JRS_UPDATE_URL'] = 'https://updates.example.com/jrs/';
    const config = await getConfig(projectDir, null, null);
    expect(config.publish).toEqual([{ provider: 'generic', url: 'https://updates.example.com/jrs/' }]);
  });

  it('is none (publish: null, so no app-update.yml) when it is unset or empty, and the build goes on', async () => {
    delete process.env['JRS_UPDATE_URL'];
    expect((await getConfig(projectDir, null, null)).publish).toBeNull();
    process.env['JRS_UPDATE_URL'] = '  ';
    expect((await getConfig(projectDir, null, null)).publish).toBeNull();
  });

  it('stops the build on an address that is not https (http only for this computer)', () => {
    expect(() => updateFeedConfig({ JRS_UPDATE_URL: 'updates.example.com' })).toThrow(
      'JRS_UPDATE_URL is not an address: updates.example.com',
    );
    expect(() => updateFeedConfig({ JRS_UPDATE_URL: 'file:///srv/updates' })).toThrow(
      /must be an https address \(http only for this computer\), not file:/,
    );
    // Over plain http anyone on the network could serve their own update.
    expect(() => updateFeedConfig({ JRS_UPDATE_URL: 'http://updates.example.com/jrs/' })).toThrow(
      /must be an https address .*not http:\/\/updates\.example\.com/,
    );
    expect(updateFeedConfig({ JRS_UPDATE_URL: 'http://127.0.0.1:8080/jrs/' }).publish).toHaveLength(1);
  });
});
