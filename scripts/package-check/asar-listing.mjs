// Lists what an app.asar holds, from its header (@electron/asar): every file with its size and whether it
// was left outside the archive (in app.asar.unpacked), plus the archive's own size on disk.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @returns {{ archiveBytes: number, files: { path: string, size: number, unpacked: boolean }[], links: string[] }} */
export function listAsar(archive) {
  const { getRawHeader } = require('@electron/asar');
  const { header } = getRawHeader(archive);
  const files = [];
  const links = [];
  const walk = (node, prefix) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if (child.files) walk(child, path);
      else if (child.link !== undefined) links.push(path);
      else files.push({ path, size: Number(child.size ?? 0), unpacked: child.unpacked === true });
    }
  };
  walk(header, '');
  return { archiveBytes: statSync(archive).size, files, links };
}

/** The package a path inside the archive belongs to (the innermost node_modules entry), or its top folder. */
export function ownerOf(path) {
  const parts = path.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return parts.length > 1 ? `${parts[0]}/` : path;
  const name = parts[at + 1] ?? '';
  return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
}

/** Where the package of a path starts (…/node_modules/name/), so copies of one package can be counted. */
function rootOf(path) {
  const owner = ownerOf(path);
  const at = path.lastIndexOf(`node_modules/${owner}/`);
  return at === -1 ? owner : path.slice(0, at + `node_modules/${owner}/`.length);
}

/** Bytes per package (all its copies) or top folder, largest first. */
export function largestOwners(files, count) {
  const totals = new Map();
  for (const file of files) {
    const owner = ownerOf(file.path);
    const entry = totals.get(owner) ?? { owner, bytes: 0, files: 0, roots: new Set() };
    entry.bytes += file.size;
    entry.files += 1;
    entry.roots.add(rootOf(file.path));
    totals.set(owner, entry);
  }
  return [...totals.values()]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map(({ roots, ...entry }) => ({ ...entry, copies: roots.size }));
}
