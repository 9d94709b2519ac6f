// Looks inside the package electron-builder makes, on a machine without Electron's binary: packs the app for
// Linux (--dir) with a stand-in Electron into a temporary folder, lists resources/app.asar and checks what
// ships (see package-check/checks.mjs). Prints the asar's size, file count and largest packages; exits 1
// with the list of problems when a check fails.
//   node scripts/package-check.mjs [--config electron-builder.yml] [--report report.json] [--keep]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { largestOwners, listAsar } from './package-check/asar-listing.mjs';
import { CHECKS, readJson } from './package-check/checks.mjs';
import { FUSE_SENTINEL, makeStandInElectron, readFuses } from './package-check/stand-in-electron.mjs';
import { installedElectronVersion, packLinuxDir } from './package-check/pack-linux-dir.mjs';

const { values: args } = parseArgs({
  options: {
    config: { type: 'string', default: 'electron-builder.yml' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const projectDir = process.cwd();
const configFile = resolve(args.config);
const config = parseYaml(readFileSync(configFile, 'utf8'));
const pkg = readJson(join(projectDir, 'package.json'));
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function findExecutable(appOutDir) {
  for (const name of readdirSync(appOutDir)) {
    const path = join(appOutDir, name);
    if (statSync(path).isFile() && readFileSync(path).includes(FUSE_SENTINEL)) return path;
  }
  return null;
}

const work = mkdtempSync(join(tmpdir(), 'jrs-package-check-'));
let exitCode;
try {
  const started = Date.now();
  const appOutDir = await packLinuxDir({
    projectDir,
    configFile,
    electronDist: makeStandInElectron(work),
    outputDir: join(work, 'release'),
  });
  const packSeconds = (Date.now() - started) / 1000;
  const listing = listAsar(join(appOutDir, 'resources', 'app.asar'));
  const executable = findExecutable(appOutDir);
  const facts = {
    projectDir,
    appOutDir,
    listing,
    pkg,
    config,
    fuses: executable ? readFuses(executable) : null,
  };
  const results = CHECKS.map(([name, check]) => ({ name, problems: check(facts) }));

  const unpacked = listing.files.filter((file) => file.unpacked);
  const largest = largestOwners(listing.files, 10);
  console.log(
    `\nPacked for Linux in ${packSeconds.toFixed(0)} s, with a stand-in for Electron ${installedElectronVersion(projectDir)}.`,
  );
  console.log(
    `app.asar: ${megabytes(listing.archiveBytes)}, ${listing.files.length - unpacked.length} files inside, ` +
      `${unpacked.length} unpacked (${megabytes(unpacked.reduce((sum, file) => sum + file.size, 0))}).`,
  );
  console.log('Largest parts (bytes of their files, packed and unpacked):');
  for (const part of largest) {
    const copies = part.copies > 1 ? `, ${part.copies} copies` : '';
    console.log(`  ${megabytes(part.bytes).padStart(9)}  ${part.owner} (${part.files} files${copies})`);
  }
  console.log('');
  for (const { name, problems } of results) {
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'}  ${name}`);
    for (const problem of problems) console.log(`        - ${problem}`);
  }
  const failed = results.filter((result) => result.problems.length > 0);
  console.log(
    failed.length === 0 ? '\nThe package holds what it should.' : `\n${failed.length} check(s) failed.`,
  );
  if (args.keep) console.log(`Packed app kept in ${appOutDir}`);
  if (args.report) {
    const report = {
      ok: failed.length === 0,
      packSeconds,
      asarBytes: listing.archiveBytes,
      files: listing.files.length,
      unpackedFiles: unpacked.map((file) => file.path),
      largest,
      checks: results,
    };
    writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
  }
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`\nThe package could not be made: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 2;
} finally {
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
