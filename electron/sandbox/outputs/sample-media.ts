// Finds and caches resources/sample-media/sample.mp4 (made at dev time by scripts/make-sample-media.sh),
// so the app never needs ffmpeg: video jobs get this clip with the job's own metadata.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { splitForMetadata } from './mp4-boxes';

const RELATIVE_PATH = join('sample-media', 'sample.mp4');

/** Folders to try: an explicit override, a packaged app's resources, then up from the code and the cwd. */
function candidates(): string[] {
  const found: string[] = [];
  const override = process.env.JRS_SAMPLE_MEDIA_DIR;
  if (override) found.push(join(override, 'sample.mp4'));
  // Electron adds process.resourcesPath; plain Node (tests, the CLI) has none.
  const resourcesPath: unknown = Reflect.get(process, 'resourcesPath');
  if (typeof resourcesPath === 'string') found.push(join(resourcesPath, RELATIVE_PATH));
  const starts = [typeof __dirname === 'string' ? __dirname : null, process.cwd()];
  for (const start of starts) {
    if (!start) continue;
    for (let folder = resolve(start), depth = 0; depth < 8; depth++) {
      found.push(join(folder, 'resources', RELATIVE_PATH));
      const parent = dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
  }
  return found;
}

export function findSampleMp4(): string {
  const path = candidates().find((candidate) => existsSync(candidate));
  if (!path) {
    throw new Error(
      `Cannot find ${join('resources', RELATIVE_PATH)}; run scripts/make-sample-media.sh or set JRS_SAMPLE_MEDIA_DIR.`,
    );
  }
  return path;
}

let cached: Promise<ReturnType<typeof splitForMetadata>> | null = null;

/** The sample split once per process; a failed load is retried on the next job. */
export function loadSampleMp4(): Promise<ReturnType<typeof splitForMetadata>> {
  cached ??= readFile(findSampleMp4()).then(splitForMetadata);
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
