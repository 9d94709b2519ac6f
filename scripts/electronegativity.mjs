// Runs Electronegativity (Doyensec's Electron security linter) over electron/, src/ and package.json in one
// scan, and fails on any finding not justified beside the code by an `eng-disable CHECK_ID` comment.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SCANNED = ['electron', 'src', 'package.json'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|html|htm)$/;

/** Checks left out of the scan, each with its reason; everything else runs. */
const EXCLUDED = {
  // It downloads Electron's release list from GitHub on every run, so its verdict depends on the network
  // (absent on our build machines) and on the day, not on this code. Electron updates are dependency upkeep.
  AvailableSecurityFixesGlobalCheck: 'needs the network; Electron upgrades are tracked as dependency updates',
  // Feeds only the check above: it reports the Electron version found in package.json, which is not a flaw.
  ElectronVersionJSONCheck: 'informational only (the Electron version), input of the excluded check above',
};

/** The `eng-disable` comments in our sources: the findings that were reviewed and justified in place. */
function justifications() {
  const found = [];
  const walk = (path) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') walk(join(path, entry));
      return;
    }
    if (!SOURCE.test(path)) return;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = /eng-disable\s+([\w\s]+?)\s*(?:\*\/|-->|$)/.exec(line);
        if (match) found.push({ where: `${relative(root, path)}:${index + 1}`, checks: match[1].trim() });
      });
  };
  for (const entry of ['electron', 'src']) walk(join(root, entry));
  return found;
}

/** Copies what is scanned into one folder: a single scan lets the global checks (CSP, navigation limits,
 * permission handler) see main's code and the page's meta tag together, and keeps tests and out/ away. */
function stage() {
  const folder = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  for (const entry of SCANNED) {
    cpSync(join(root, entry), join(folder, entry), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  }
  return folder;
}

async function main() {
  const run = require('@doyensec/electronegativity');
  const electronVersion = JSON.parse(
    readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8'),
  ).version;
  const folder = stage();
  let result;
  try {
    result = await run({
      input: folder,
      isRelative: true,
      excludeFromScan: Object.keys(EXCLUDED),
      // Without it, unknown-version defaults assume the oldest (most permissive) Electron.
      electronVersionOverride: electronVersion,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const parseErrors = result.errors.filter((error) => !error.tolerable);
  const justified = justifications();
  console.log(
    `\nElectronegativity: ${result.atomicChecks} atomic and ${result.globalChecks} global checks, Electron ${electronVersion}.`,
  );
  console.log(`Excluded checks:`);
  for (const [check, reason] of Object.entries(EXCLUDED)) console.log(`  ${check}: ${reason}`);
  console.log(`Justified beside the code (eng-disable): ${justified.length}`);
  for (const { where, checks } of justified) console.log(`  ${where}  ${checks}`);

  for (const error of parseErrors)
    console.log(`Could not parse ${relative(folder, error.file)}: ${error.message}`);
  if (result.issues.length === 0 && parseErrors.length === 0) {
    console.log('No unjustified findings.');
    return 0;
  }
  console.log(`\n${result.issues.length} unjustified finding(s):`);
  for (const issue of result.issues) {
    console.log(
      `  ${issue.id} (${issue.severity.name}, ${issue.confidence.name}${issue.manualReview ? ', review' : ''})` +
        `\n    ${issue.file}:${issue.location.line}:${issue.location.column}  ${issue.description}` +
        (issue.sample ? `\n    > ${String(issue.sample).slice(0, 160)}` : '') +
        (issue.shortenedURL ? `\n    ${issue.shortenedURL}` : ''),
    );
  }
  console.log(
    '\nFix each one, or if it is a false positive, justify it in a comment on the reported line and add' +
      ' `// eng-disable <CHECK_ID>` there.',
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
