// A process of its own changing accounts.json: adds `count` accounts named `<prefix>-<n>` one after another,
// each a read, a change and a write of the shared file (as the app, the browser host and jrs do), once it
// is told to go (a line on stdin), so that two of them change the file at the same time.
import { AccountFileStore } from '../../../electron/core/accounts/account-file';
import { AccountRegistry } from '../../../electron/core/accounts/account-registry';

const [dataDir, prefix, count] = process.argv.slice(2);

async function main(): Promise<void> {
  const registry = new AccountRegistry(new AccountFileStore(dataDir!));
  await registry.load();
  // Ready; the test starts both processes' changes at once by writing a line to their stdin.
  process.stdout.write('ready\n');
  await new Promise((go) => process.stdin.once('data', go));
  for (let n = 0; n < Number(count); n += 1) {
    await registry.add({
      id: `${prefix}-${n}`,
      name: `${prefix} ${n}`,
      baseUrl: 'https://example.com',
      keyLast4: '0000',
      kind: 'remote',
      storage: 'key-file',
    });
  }
  process.stdin.destroy();
}

void main();
