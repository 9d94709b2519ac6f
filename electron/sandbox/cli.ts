// `npm run sandbox -- --port 8787 --seed FILE --data-dir DIR [fault flags]`: the sandbox as a process.
import { parseSandboxFlags, sandboxUsage } from './cli-options';
import { startSandbox } from './server';

async function main(): Promise<void> {
  const parsed = parseSandboxFlags(process.argv.slice(2));
  if (parsed.help) {
    console.log(sandboxUsage('npm run sandbox --'));
    return;
  }
  const sandbox = await startSandbox({
    ...parsed.options,
    log: parsed.verbose
      ? (line) => console.log(line)
      : (line) => (line.startsWith('worker') ? console.error(line) : undefined),
  });
  console.log(`Sandbox listening on ${sandbox.url}`);
  sandbox.apiKeys.forEach((key, index) => console.log(`API key of account ${index + 1}: ${key}`));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Sandbox stopping (${signal})`);
    void sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Sandbox did not stop cleanly: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`Sandbox could not start: ${(error as Error).message}`);
  process.exit(1);
});
