// Stored files are files: outputs live in the data folder (not in SQLite), survive a restart, stream from
// disk (serving 200 MB leaves the RSS flat), resume by Range byte-identical; an in-memory sandbox's folder
// is removed on close; an older data folder's blobs are moved out once; and the CDN records the headers it
// received (so tests can prove a client never sends its key there).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { finishedOutput, seedWithOutputBytes, signedUrl } from '../fixtures/sandbox-outputs';
import { KEY_A } from '../fixtures/test-seed';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-stored-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('stored files', () => {
  it('keeps outputs as files in the data folder, across a restart, and not in SQLite', async () => {
    const dataDir = tempDir();
    const first = await startSandbox({ seed: seedWithOutputBytes(), dataDir });
    const path = await finishedOutput(first);
    const before = Buffer.from(await (await fetch(await signedUrl(first, path))).arrayBuffer());
    expect(readdirSync(join(dataDir, 'files'))).toHaveLength(1);
    await first.close();

    const db = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    const columns = db.prepare("SELECT name FROM pragma_table_info('stored_files')").all() as {
      name: string;
    }[];
    db.close();
    expect(columns.map((column) => column.name)).not.toContain('bytes');

    const second = await startSandbox({ seed: seedWithOutputBytes(), dataDir });
    cleanups.push(() => second.close());
    const after = Buffer.from(await (await fetch(await signedUrl(second, path))).arrayBuffer());
    expect(after.equals(before)).toBe(true);
  });

  it('removes an in-memory sandbox’s folder on close', async () => {
    const sandbox = await startSandbox({ seed: seedWithOutputBytes() });
    await finishedOutput(sandbox);
    const folder = sandbox.inspect.filesFolder();
    expect(readdirSync(folder)).toHaveLength(1);
    await sandbox.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('moves an older data folder’s blobs out to files once, and serves them as before', async () => {
    const dataDir = tempDir();
    const first = await startSandbox({ seed: seedWithOutputBytes(), dataDir });
    await first.close();
    const blob = Buffer.from('an output from an older sandbox');
    const db = new Database(join(dataDir, 'sandbox.sqlite'));
    // Keys are kept as their SHA-256 only.
    const { id } = db
      .prepare('SELECT account_id AS id FROM account_keys WHERE key_hash = ?')
      .get(createHash('sha256').update(KEY_A).digest('hex')) as { id: string };
    db.exec(`CREATE TABLE files (key TEXT PRIMARY KEY, account_id TEXT NOT NULL, content_type TEXT NOT NULL,
      etag TEXT NOT NULL, bytes BLOB NOT NULL, created_at TEXT NOT NULL)`);
    db.prepare('INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)').run(
      'outputs/old/render.txt',
      id,
      'text/plain',
      '"old-etag"',
      blob,
      new Date().toISOString(),
    );
    db.close();

    const second = await startSandbox({ seed: seedWithOutputBytes(), dataDir });
    cleanups.push(() => second.close());
    const response = await fetch(await signedUrl(second, 'outputs/old/render.txt'));
    expect(response.headers.get('etag')).toBe('"old-etag"');
    expect(Buffer.from(await response.arrayBuffer()).equals(blob)).toBe(true);
    const check = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE name = 'files'").get()).toBeUndefined();
    check.close();
  });

  it('streams a 200 MB output with a flat RSS, and a Range resume is byte-identical', async () => {
    const size = 200_000_000;
    const sandbox = await startSandbox({ seed: seedWithOutputBytes(size) });
    cleanups.push(() => sandbox.close());
    const url = await signedUrl(sandbox, await finishedOutput(sandbox));

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const whole = createHash('sha256');
    const response = await fetch(url);
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      whole.update(chunk);
      received += chunk.byteLength;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(received).toBe(size);
    // The sandbox and this reader share the process: both together stay far below the file's size.
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);

    // The same file in two parts, the second asked with Range and If-Range.
    const etag = response.headers.get('etag')!;
    const cut = 123_456_789;
    const joined = createHash('sha256');
    const head = await fetch(url, { headers: { range: `bytes=0-${cut - 1}` } });
    joined.update(Buffer.from(await head.arrayBuffer()));
    const tail = await fetch(url, { headers: { range: `bytes=${cut}-`, 'if-range': etag } });
    expect(tail.status).toBe(206);
    for await (const chunk of tail.body as unknown as AsyncIterable<Uint8Array>) joined.update(chunk);
    expect(joined.digest('hex')).toBe(whole.digest('hex'));
  });

  it('records the headers of every CDN request, without the query', async () => {
    const sandbox = await startSandbox({ seed: seedWithOutputBytes() });
    cleanups.push(() => sandbox.close());
    const url = await signedUrl(sandbox, await finishedOutput(sandbox));
    await (await fetch(url, { headers: { 'x-probe': 'seen' } })).arrayBuffer();
    const [request] = sandbox.inspect.cdnRequests();
    expect(request).toMatchObject({ method: 'GET', headers: { 'x-probe': 'seen' } });
    expect(request!.path).toBe(new URL(url).pathname);
    expect(request!.path).not.toContain('?');
  });
});
