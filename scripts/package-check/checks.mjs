// What must and must not be in the packed app. Each check returns the problems it found, as sentences that
// say what is wrong and where to look; an empty list means the check holds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { ownerOf } from './asar-listing.mjs';

// Libraries only the page (bundled into out/renderer by Vite), the build or the tests use. None of them is
// loaded by main, the preload, the CLI or the browser host, so shipping them only makes the app bigger.
const NOT_SHIPPED = [
  [/^(react|react-dom|scheduler|radix-ui|zustand|react-dropzone|react-hook-form)$/, 'Page libraries'],
  [/^react-/, 'Page libraries'],
  [/^@(radix-ui|tanstack|hookform|floating-ui)\//, 'Page libraries'],
  [/^(tsx|esbuild|vite|vitest|typescript|rollup|rolldown|electron|electron-vite)$/, 'Build tools'],
  [/^(electron-builder|app-builder-lib|app-builder-bin|@electron\/asar|@electron\/fuses)$/, 'Build tools'],
  [/^@(esbuild|vitejs|rollup|rolldown|types)\//, 'Build tools'],
  [/^(eslint|prettier|jsdom|s3rver|fast-check|playwright|playwright-core)$/, 'Test tools'],
  [/^@(playwright|testing-library|axe-core|eslint|typescript-eslint)\//, 'Test tools'],
];
// Our own sources: the app runs the built out/, never these.
const SOURCE_FOLDERS = ['src/', 'electron/', 'test/', 'scripts/', 'resources/'];
const TYPESCRIPT = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const posix = (path) => path.split(sep).join('/');

/** The built out/ (main, preload, renderer, cli) is in the asar, file for file, and package.json's main is too. */
export function checkBuiltOut({ projectDir, listing, pkg }) {
  const problems = [];
  const inAsar = new Set(listing.files.map((file) => file.path));
  const outDir = join(projectDir, 'out');
  if (!existsSync(outDir)) return ['out/ is not built: run `npm run build` first.'];
  for (const part of ['main', 'preload', 'renderer', 'cli']) {
    if (filesUnder(join(outDir, part)).length === 0) {
      problems.push(
        `out/${part}/ was not built: run \`npm run build\` (it builds main, preload, renderer and cli).`,
      );
    } else if (![...inAsar].some((path) => path.startsWith(`out/${part}/`))) {
      problems.push(
        `out/${part}/ is not in app.asar: check \`files\` in the electron-builder configuration.`,
      );
    }
  }
  const missing = filesUnder(outDir)
    .map((file) => posix(relative(projectDir, file)))
    .filter((path) => !inAsar.has(path));
  if (missing.length > 0) {
    problems.push(
      `${missing.length} built file(s) are not in app.asar, e.g. ${missing.slice(0, 5).join(', ')}.`,
    );
  }
  if (!inAsar.has('package.json'))
    problems.push('package.json is not in app.asar: Electron cannot find the app.');
  if (typeof pkg.main !== 'string' || !inAsar.has(pkg.main.replace(/^\.\//, ''))) {
    problems.push(`package.json's main (${pkg.main}) is not in app.asar: the packaged app would not start.`);
  }
  return problems;
}

// A package the built code loads at run time: require("x"), import("x") or a top-level import … from "x".
const RUNTIME_IMPORT = /(?:\brequire\(|\bimport\(|^import\s[^;]*?\bfrom\s*)\s*["']([^"'./][^"']*)["']/gm;
const PROVIDED = new Set(['electron', ...builtinModules]);
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Every package the built main, preload and CLI load is packed (node_modules/NAME/package.json in the
 * asar): the app cannot be started here, so this stands in for "it starts without a missing module".
 */
export function checkRuntimeImportsPacked({ projectDir, listing }) {
  const inAsar = new Set(listing.files.map((file) => file.path));
  const needed = new Map();
  for (const part of ['main', 'preload', 'cli']) {
    for (const file of filesUnder(join(projectDir, 'out', part)).filter((path) => /\.[cm]?js$/.test(path))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
        const name = packageName(specifier.replace(/^node:/, ''));
        if (specifier.startsWith('node:') || PROVIDED.has(name)) continue;
        if (!needed.has(name)) needed.set(name, posix(relative(projectDir, file)));
      }
    }
  }
  return [...needed]
    .filter(([name]) => !inAsar.has(`node_modules/${name}/package.json`))
    .map(([name, file]) => `${file} loads ${name}, which is not in app.asar: add it to dependencies.`);
}

/** No page, build or test library is packed. */
export function checkNoDevLibraries({ listing }) {
  const found = new Map();
  for (const file of listing.files) {
    if (!file.path.includes('node_modules/')) continue;
    const owner = ownerOf(file.path);
    const rule = NOT_SHIPPED.find(([pattern]) => pattern.test(owner));
    if (rule) found.set(rule[1], new Set([...(found.get(rule[1]) ?? []), owner]));
  }
  return [...found].map(([what, names]) => {
    const list = [...names].sort();
    const shown =
      list.length > 12 ? `${list.slice(0, 12).join(', ')} and ${list.length - 12} more` : list.join(', ');
    return `${what} in app.asar (${list.length}): ${shown}. Move them to devDependencies, or find the run-time dependency that pulls one in (npm ls NAME --omit=dev).`;
  });
}

/** None of our sources is packed, and no TypeScript (declarations aside) from anyone: nothing runs it. */
export function checkNoSources({ listing }) {
  const sources = listing.files.filter(
    (file) =>
      (!file.path.startsWith('node_modules/') &&
        SOURCE_FOLDERS.some((folder) => file.path.startsWith(folder))) ||
      (TYPESCRIPT.test(file.path) && !DECLARATION.test(file.path)),
  );
  if (sources.length === 0) return [];
  return [
    `${sources.length} source file(s) are in app.asar, e.g. ${sources
      .slice(0, 5)
      .map((file) => file.path)
      .join(
        ', ',
      )}: only out/, package.json and dependencies' run-time files belong there (\`files\` in the electron-builder configuration).`,
  ];
}

/**
 * Every native module (.node) is outside the archive, in app.asar.unpacked, where the OS can load it; and
 * each run-time dependency that has a built .node file here has it in the app.
 */
export function checkNativesUnpacked({ projectDir, appOutDir, listing, pkg }) {
  const problems = [];
  const natives = listing.files.filter((file) => file.path.endsWith('.node'));
  const unpackedDir = join(appOutDir, 'resources', 'app.asar.unpacked');
  for (const file of natives) {
    if (!file.unpacked) {
      problems.push(
        `${file.path} is inside app.asar: native modules must be unpacked (asarUnpack: '**/*.node').`,
      );
    } else if (!existsSync(join(unpackedDir, file.path))) {
      problems.push(`${file.path} is marked unpacked but is not in resources/app.asar.unpacked.`);
    }
  }
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const release = join(projectDir, 'node_modules', name, 'build', 'Release');
    const built = existsSync(release) ? readdirSync(release).filter((file) => file.endsWith('.node')) : [];
    for (const file of built) {
      const path = `node_modules/${name}/build/Release/${file}`;
      if (!natives.some((native) => native.path === path)) {
        problems.push(`${path} (native module of ${name}, a run-time dependency) is not in the app.`);
      }
    }
  }
  return problems;
}

// What the app reads from beside its asar (process.resourcesPath): the sandbox's seed (sandboxSeedPath in
// node-host) and the sample clip of video jobs (sandbox/outputs/sample-media.ts). Fixed here, not read from
// the configuration under test, so dropping one from extraResources fails.
const RESOURCES = [
  { from: 'resources/sample-media', to: 'sample-media' },
  { from: 'resources/sandbox-seed.json', to: 'sandbox-seed.json' },
];

/** The sample media and the sandbox seed are in resources/, file for file. */
export function checkExtraResources({ projectDir, appOutDir }) {
  const problems = [];
  for (const { from, to } of RESOURCES) {
    const source = join(projectDir, from);
    const files = filesUnder(source);
    if (files.length === 0)
      problems.push(`${from} has no files in the checkout (scripts/make-sample-media.sh?).`);
    for (const file of files) {
      const inside = relative(source, file);
      const target = join(appOutDir, 'resources', to, inside);
      const shown = posix(join('resources', to, inside));
      if (!existsSync(target)) {
        problems.push(`${shown} is missing from the packed app: add ${from} to extraResources.`);
      } else if (!readFileSync(target).equals(readFileSync(file))) {
        problems.push(`${shown} differs from ${posix(relative(projectDir, file))}.`);
      }
    }
  }
  return problems;
}

// The hardening the shipped binary must have (DESIGN.md: fuses set in the build), whatever the
// configuration under test says: no running as plain Node, no NODE_OPTIONS or --inspect, the app only from
// a checked asar, cookies encrypted, file: pages without extra privileges.
const REQUIRED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

/** electron-builder flipped the fuses in the (stand-in) binary, and they give the required hardening. */
export function checkFuses({ fuses }) {
  if (fuses === null) return ['No executable with a fuse wire was found in the packed app.'];
  return Object.entries(REQUIRED_FUSES)
    .filter(([name, wanted]) => fuses[name] !== wanted)
    .map(
      ([name, wanted]) =>
        `Fuse ${name} is ${fuses[name]} in the packed binary; it must be ${wanted} (electronFuses in the electron-builder configuration).`,
    );
}

export const CHECKS = [
  ['built out/ is in app.asar', checkBuiltOut],
  ['every package the built code loads is packed', checkRuntimeImportsPacked],
  ['no page, build or test libraries', checkNoDevLibraries],
  ['no sources', checkNoSources],
  ['native modules unpacked', checkNativesUnpacked],
  ['sample media and sandbox seed in resources', checkExtraResources],
  ['fuses set', checkFuses],
];

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}
