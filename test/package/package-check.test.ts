// Packs the desktop app with electron-builder (Linux --dir, stand-in Electron) through
// scripts/package-check.mjs and holds its checks: built out/ packed, no page/build/test libraries, no
// sources, native modules unpacked, sample media and sandbox seed in resources, fuses set. One build
// (about 20–40 s), so one test. Needs `npm run build` first, as `npm test` does.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const Report = z.object({
  ok: z.boolean(),
  asarBytes: z.number(),
  files: z.number(),
  unpackedFiles: z.array(z.string()),
  largest: z.array(z.object({ owner: z.string(), bytes: z.number() })),
  checks: z.array(z.object({ name: z.string(), problems: z.array(z.string()) })),
});

const work = mkdtempSync(join(tmpdir(), 'jrs-package-check-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packaged app (electron-builder, Linux --dir)', () => {
  it('holds the built app and its run-time dependencies, and nothing else', async () => {
    const reportPath = join(work, 'report.json');
    const run = await promisify(execFile)(
      process.execPath,
      ['scripts/package-check.mjs', '--report', reportPath],
      { maxBuffer: 64 * 1024 * 1024 },
    ).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`.slice(-4000),
      }),
    );
    // Exit 2 means electron-builder itself failed: show its output.
    expect(run.code === 2 ? run.output : 'packed').toBe('packed');
    const report = Report.parse(JSON.parse(readFileSync(reportPath, 'utf8')));
    // Every check by name with its problems, so a failure reads as the list of what is wrong.
    expect(Object.fromEntries(report.checks.map((check) => [check.name, check.problems]))).toEqual(
      Object.fromEntries(report.checks.map((check) => [check.name, []])),
    );
    expect(report.checks).toHaveLength(7);
    expect(run.code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.unpackedFiles).toEqual(
      expect.arrayContaining([
        'node_modules/keytar/build/Release/keytar.node',
        'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      ]),
    );
    expect(report.asarBytes).toBeGreaterThan(1024 * 1024);
    expect(report.largest.map((part) => part.owner)).toContain('out/');
  }, 300_000);
});
