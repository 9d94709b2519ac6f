// Where a worker thread's script is (Node only; the page never starts threads): built, it is its own entry
// next to the bundle that starts it (electron.vite.config.ts, scripts/build-cli.mjs); from sources (tsx,
// Vitest) it is TypeScript beside the module that starts it, loaded through tsx's require hook.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * `entry`: the thread's file name without extension; `from`: the starting module's `__filename` and
 * `__dirname`. For `new Worker(code, { eval: evaluated })`.
 */
export function threadScript(
  entry: string,
  from: { filename: string; dirname: string },
): { code: string; evaluated: boolean } {
  if (!from.filename.endsWith('.ts')) return { code: join(from.dirname, `${entry}.js`), evaluated: false };
  const tsx = createRequire(from.filename).resolve('tsx/cjs/api');
  const source = join(from.dirname, `${entry}.ts`);
  return {
    code: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`,
    evaluated: true,
  };
}
