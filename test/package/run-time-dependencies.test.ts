// package.json's `dependencies` are exactly what the built app loads at run time — main (out/main), the
// command line and its browser host (out/cli) — so electron-builder packs and `npm install -g` installs
// nothing else. A package the build loads that is missing from them fails here, and so does one in them
// that nothing built loads (a page library: the page is bundled whole; a build or test tool).
// Reads the build: run `npm run build` first (npm test does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BUILT = ['out/main', 'out/cli'];
/** Provided by the runtime itself, never installed from npm. */
const RUNTIME = new Set(['electron', ...builtinModules]);
/** What the page alone uses: never a run-time dependency (it is bundled into out/renderer). */
const PAGE_ONLY = ['react', 'react-dom', 'radix-ui', 'react-hook-form', 'zustand', 'react-dropzone'];

function scriptsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `lodash/fp` → lodash, `@scope/name/sub` → @scope/name. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function loadedPackages(): Set<string> {
  const loaded = new Set<string>();
  // A package name: optional @scope/, then a name, then an optional subpath (no spaces or punctuation).
  const name = String.raw`(@?[a-z0-9][\w.-]*(?:/[\w.@-]+)*)`;
  const pattern = new RegExp(
    String.raw`(?:\brequire|\bimport)\(\s*["']${name}["']\s*\)|^\s*import\s[^;]*?\bfrom\s*["']${name}["']`,
    'gm',
  );
  for (const folder of BUILT) {
    const absolute = join(ROOT, folder);
    if (!existsSync(absolute)) throw new Error(`${folder} is missing: run "npm run build" first.`);
    for (const file of scriptsUnder(absolute)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        const found = packageOf((match[1] ?? match[2])!.replace(/^node:/, ''));
        if (!RUNTIME.has(found)) loaded.add(found);
      }
    }
  }
  return loaded;
}

it('dependencies are exactly the packages the built main and command line load', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const declared = Object.keys(manifest.dependencies).sort();
  const loaded = [...loadedPackages()].sort();
  expect(
    { missingFromDependencies: loaded.filter((name) => !declared.includes(name)) },
    'a package the build loads must be in dependencies',
  ).toEqual({ missingFromDependencies: [] });
  expect(
    { notLoadedByTheBuild: declared.filter((name) => !loaded.includes(name)) },
    'dependencies must hold only what the built app loads (page, build and test tools go to devDependencies)',
  ).toEqual({ notLoadedByTheBuild: [] });
  for (const name of PAGE_ONLY) expect(declared).not.toContain(name);
});
