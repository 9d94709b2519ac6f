// Folder syncs shared by files placed together: each caller is answered by a sync begun after it asked
// (its name is durable when it returns), callers meanwhile share one, folders do not wait for each other,
// and a failed sync fails those who waited on it.
import { describe, expect, it } from 'vitest';
import { SharedFolderSyncs } from '../../../electron/core/downloads/shared-folder-syncs';

/** A sync that ends when the test says: what began, in order, and a way to end the oldest one. */
function controlledSyncs() {
  const begun: string[] = [];
  const ends: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const syncOnce = (folder: string) =>
    new Promise<void>((resolve, reject) => {
      begun.push(folder);
      ends.push({ resolve, reject });
    });
  const settle = async (error?: Error) => {
    const end = ends.shift();
    if (!end) throw new Error('no sync is running');
    if (error) end.reject(error);
    else end.resolve();
    // Let the promise chains run.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { begun, syncOnce, settle };
}

describe('SharedFolderSyncs', () => {
  it('answers each caller with a sync begun after it asked, and shares one among those who asked meanwhile', async () => {
    const { begun, syncOnce, settle } = controlledSyncs();
    const syncs = new SharedFolderSyncs(syncOnce);
    const answered: string[] = [];
    const ask = (name: string) => void syncs.sync('/out').then(() => answered.push(name));
    ask('a');
    expect(begun).toEqual(['/out']);
    // b, c and d asked while a's sync ran: it may have begun before their names were made.
    ask('b');
    ask('c');
    ask('d');
    expect(begun).toEqual(['/out']);
    await settle();
    expect(answered).toEqual(['a']);
    // One sync for the three of them, begun after they asked.
    expect(begun).toEqual(['/out', '/out']);
    ask('e');
    await settle();
    expect(answered).toEqual(['a', 'b', 'c', 'd']);
    expect(begun).toHaveLength(3);
    await settle();
    expect(answered).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Nothing left running: the next caller begins a sync at once.
    ask('f');
    expect(begun).toHaveLength(4);
    await settle();
    expect(answered.at(-1)).toBe('f');
  });

  it('keeps folders apart, and a failed sync fails the callers who waited on it only', async () => {
    const { begun, syncOnce, settle } = controlledSyncs();
    const syncs = new SharedFolderSyncs(syncOnce);
    const first = syncs.sync('/one');
    const other = syncs.sync('/two');
    expect(begun).toEqual(['/one', '/two']);
    const second = syncs.sync('/one');
    await settle(new Error('EIO'));
    await expect(first).rejects.toThrow('EIO');
    await settle();
    await expect(other).resolves.toBeUndefined();
    // The caller who waited got its own sync, which succeeds.
    expect(begun).toEqual(['/one', '/two', '/one']);
    await settle();
    await expect(second).resolves.toBeUndefined();
  });
});
