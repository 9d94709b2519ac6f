// The file store on its own: names on disk never come from the (hostile) key, a key stored again leaves
// one file, what a crash leaves behind (half-written files, files without a row) goes at the next open,
// and a body given in parts gets the same ETag as the same bytes given at once.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSandboxDb } from '../../electron/sandbox/db';
import { FileStore } from '../../electron/sandbox/file-store';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function open(dataDir: string | null): FileStore {
  const db = openSandboxDb(dataDir);
  const store = new FileStore(db, dataDir);
  cleanups.push(() => {
    db.close();
    store.dispose();
  });
  return store;
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-file-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const meta = (key: string) => ({ key, accountId: 'account', contentType: 'application/octet-stream' });

describe('the file store', () => {
  it('names files on disk itself, whatever the key says', async () => {
    const store = open(null);
    const file = await store.put({ ...meta('../../etc/passwd\0<script>'), bytes: Buffer.from('hostile') });
    expect(dirname(file.path)).toBe(store.dir);
    expect(basename(file.path)).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(file.path, 'utf8')).toBe('hostile');
    expect(store.get('../../etc/passwd\0<script>')).toMatchObject({ size: 7, etag: file.etag });
  });

  it('keeps one file per key when a key is stored again', async () => {
    const store = open(null);
    const first = await store.put({ ...meta('outputs/job.mp4'), bytes: Buffer.from('first run') });
    const second = await store.put({ ...meta('outputs/job.mp4'), bytes: Buffer.from('second run') });
    expect(existsSync(first.path)).toBe(false);
    expect(readdirSync(store.dir)).toEqual([basename(second.path)]);
    expect(store.keys()).toEqual(['outputs/job.mp4']);
  });

  it('gives a body written in parts the ETag of the same bytes written at once', async () => {
    const store = open(null);
    const bytes = Buffer.from('a body that arrives in several parts');
    const whole = await store.put({ ...meta('whole'), bytes });
    const parts = await store.write(meta('parts'), [
      bytes.subarray(0, 5),
      bytes.subarray(5, 9),
      bytes.subarray(9),
    ]);
    expect(parts.etag).toBe(whole.etag);
    expect(parts.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(parts.size).toBe(bytes.length);
  });

  it('stores nothing when the parts fail midway', async () => {
    const store = open(null);
    async function* failing() {
      yield Buffer.from('half of a');
      throw new Error('the renderer broke');
    }
    await expect(store.write(meta('broken'), failing())).rejects.toThrow('the renderer broke');
    expect(store.get('broken')).toBeUndefined();
    expect(readdirSync(store.dir)).toEqual([]);
  });

  it('removes, on open, what a crash left: half-written files and files without a row', async () => {
    const dir = dataDir();
    const kept = await open(dir).put({ ...meta('kept'), bytes: Buffer.from('kept') });
    const files = join(dir, 'files');
    writeFileSync(join(files, '.writing-0123456789abcdef0123456789abcdef'), 'half');
    writeFileSync(join(files, 'fedcba9876543210fedcba9876543210'), 'renamed, but no row was written');
    mkdirSync(join(files, 'stray-folder'));

    const reopened = open(dir);
    expect(readdirSync(files)).toEqual([basename(kept.path)]);
    expect(readFileSync(reopened.get('kept')!.path, 'utf8')).toBe('kept');
  });

  it('removes its temporary folder on dispose, and leaves a data folder’s files', async () => {
    const memory = open(null);
    await memory.put({ ...meta('gone'), bytes: Buffer.from('gone') });
    memory.dispose();
    expect(existsSync(memory.dir)).toBe(false);

    const dir = dataDir();
    const persistent = open(dir);
    const file = await persistent.put({ ...meta('stays'), bytes: Buffer.from('stays') });
    persistent.dispose();
    expect(readFileSync(file.path, 'utf8')).toBe('stays');
  });
});
