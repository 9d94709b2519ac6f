// The S3-compatible asset storage against a real S3-protocol server on loopback (s3rver): a large file
// goes up in parts and comes back byte-identical through its presigned link; the same content twice is
// one object; the sandbox's worker fetches a presigned link (and fails the job on an expired one); wrong
// credentials and a missing bucket are said in words; the secret goes to the keychain and never comes
// back over IPC.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { S3Storage } from '../../../electron/core/storage/s3-storage';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { value } from '../../fixtures/ipc-value';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';
import { call, waitForStatus } from '../../fixtures/sandbox-http';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

async function objectKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: 'campaign-assets' }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('S3Storage', () => {
  it('uploads a large file in parts; its presigned link serves it byte-identical', async () => {
    const storage = new S3Storage(s3.settings(), s3.secret, { partSize: 5 * 1024 * 1024 });
    const bytes = Buffer.concat([PNG, randomBytes(12 * 1024 * 1024)]);
    const { url } = await storage.upload({
      kind: 'image',
      name: 'big photo.png',
      mimeType: 'image/png',
      bytes,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
    const served = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(served.equals(bytes)).toBe(true);
    storage.dispose();
  });

  it('keeps one object per content, however often it is asked', async () => {
    const storage = new S3Storage(s3.settings({ prefix: 'dedupe' }), s3.secret);
    const bytes = Buffer.concat([PNG, Buffer.from('once')]);
    const first = await storage.upload({ kind: 'image', name: 'a.png', mimeType: 'image/png', bytes });
    const again = await storage.upload({ kind: 'image', name: 'a.png', mimeType: 'image/png', bytes });
    expect(new URL(again.url).pathname).toBe(new URL(first.url).pathname);
    expect((await objectKeys()).filter((key) => key.startsWith('dedupe/'))).toHaveLength(1);
    expect(storage.sent).toBe(1);
    // Another session (the app restarted) with the same content under another name finds it there.
    const later = new S3Storage(s3.settings({ prefix: 'dedupe' }), s3.secret);
    await later.upload({ kind: 'image', name: 'other name.png', mimeType: 'image/png', bytes });
    expect(later.sent).toBe(0);
    expect((await objectKeys()).filter((key) => key.startsWith('dedupe/'))).toHaveLength(1);
    later.dispose();
    storage.dispose();
  });

  it('gives links the sandbox’s worker fetches, and an expired one fails the job in words', async () => {
    const sandbox: RunningSandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 20 }) });
    try {
      const submit = async (url: string) => {
        const created = await call(sandbox, 'POST', '/jobs/v2', {
          key: KEY_A,
          body: {
            project_id: IDS.image,
            job_type: 'image',
            values: { headline: 'S3', photo: { image_url: url } },
          },
        });
        const id = (created.body as { job: { uuid: string } }).job.uuid;
        return (await waitForStatus(sandbox, KEY_A, id, ['SUCCESS', 'FAILED'])).job;
      };
      const fresh = new S3Storage(s3.settings(), s3.secret);
      const asset = { kind: 'image' as const, name: 'p.png', mimeType: 'image/png', bytes: PNG };
      expect((await submit((await fresh.upload(asset)).url))['job_status']).toBe('SUCCESS');
      // Signed 8 days ago with a 7-day life: expired.
      const old = new S3Storage(s3.settings(), s3.secret, {
        now: () => new Date(Date.now() - 8 * 24 * 3600_000),
      });
      const expired = await submit((await old.upload(asset)).url);
      expect(expired['job_status']).toBe('FAILED');
      expect((expired['output'] as { error: string }).error).toMatch(
        /^Could not fetch the image for “photo”: HTTP 403 from/,
      );
      fresh.dispose();
      old.dispose();
    } finally {
      await sandbox.close();
    }
  });

  it('tests a connection, and says in words what is wrong with credentials or the bucket', async () => {
    const good = new S3Storage(s3.settings(), s3.secret);
    expect(await good.testConnection()).toEqual({
      ok: true,
      message: `Wrote, read back and deleted a test object in “campaign-assets” at ${s3.endpoint}.`,
    });
    expect((await objectKeys()).some((key) => key.includes('connection-test'))).toBe(false);
    // s3rver checks the access key id (not a v4 signature): an unknown key is refused.
    const wrongKey = await new S3Storage(
      s3.settings({ accessKeyId: 'NOT-A-KEY' }),
      s3.secret,
    ).testConnection();
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.message).toMatch(/refused the access key or secret \(InvalidAccessKeyId\)\. Check both/);
    const noBucket = await new S3Storage(
      s3.settings({ bucket: 'no-such-bucket' }),
      s3.secret,
    ).testConnection();
    expect(noBucket).toEqual({
      ok: false,
      message: `The bucket “no-such-bucket” does not exist at ${s3.endpoint}. Create it, or correct its name in Settings → Asset storage.`,
    });
    good.dispose();
  });
});

describe('asset storage settings through the core', () => {
  it('keeps the secret in the keychain, never returns it, and uploads through S3 once chosen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jrs-storage-'));
    const keychain = new MemorySecretStore();
    const core = await createAppCore({
      dataDir: dir,
      downloadsDir: join(dir, 'Downloads'),
      secrets: keychain,
      sandbox: testSandboxLauncher(makeTestSeed()),
    });
    try {
      const run = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
      value(await run('accounts:useSandbox'));
      expect(value(await run('storage:settings'))).toEqual({
        settings: { provider: 'default' },
        secret: { set: false, last4: null },
      });
      // s3rver checks the access key id, not the secret; a distinctive one shows wherever it would leak.
      const secret = 'a-secret-value-9K2x';
      const saved = await run('storage:save', {
        settings: { provider: 's3', s3: s3.settings({ prefix: 'core' }) },
        secret,
      });
      expect(JSON.stringify(saved)).not.toContain(secret);
      expect(value(saved).secret).toEqual({ set: true, last4: '9K2x' });
      const accountId = value(await run('accounts:snapshot')).activeId!;
      expect(await keychain.get(`${accountId}:s3-secret`)).toBe(secret);
      expect(
        value(await run('storage:test', { settings: { provider: 's3', s3: s3.settings() } })),
      ).toMatchObject({ ok: true });

      const uploaded = value(
        await run('assets:upload', {
          kind: 'image',
          name: 'x.png',
          mimeType: 'image/png',
          bytes: new Uint8Array(PNG),
        }),
      );
      expect(new URL(uploaded.url).origin).toBe(s3.endpoint);
      expect((await objectKeys()).some((key) => key.startsWith('core/'))).toBe(true);

      value(await run('storage:save', { settings: { provider: 'urls' } }));
      expect(value(await run('assets:capability'))).toMatchObject({ available: false });
    } finally {
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
