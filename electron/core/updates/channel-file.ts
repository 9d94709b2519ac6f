// A feed's channel file (latest.yml and its kin, written by electron-builder next to the installers): the
// newest version and its files, checked with zod so that a damaged or foreign file is an error in words.
import { parse } from 'yaml';
import { valid } from 'semver';
import { z } from 'zod';
import { AppError } from '../kernel/app-error';

const fileSchema = z.looseObject({
  url: z.string().min(1),
  sha512: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
});

const NOT_SEMVER = 'is not a semantic version (like 1.4.0)';
/** What a person can act on ("version is missing"), not zod's "expected string, received undefined". */
const said = (otherwise: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing' : otherwise;

const channelFileSchema = z.looseObject({
  version: z.string({ error: said(NOT_SEMVER) }).refine((text) => valid(text) !== null, NOT_SEMVER),
  files: z.array(fileSchema, { error: said('is not a list of installers') }).min(1, 'lists no installer'),
  releaseDate: z.string().optional(),
  releaseName: z.string().nullish(),
});

export type ChannelFile = z.infer<typeof channelFileSchema>;

/** The channel file's content; an AppError (invalid-response) naming the file and what is wrong with it. */
export function parseChannelFile(text: string, fileName: string): ChannelFile {
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    throw malformed(fileName, 'it is not YAML');
  }
  const parsed = channelFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')} ` : '';
    throw malformed(fileName, `${where}${issue?.message ?? 'is not an update description'}`.trim());
  }
  return parsed.data;
}

function malformed(fileName: string, why: string): AppError {
  return new AppError(
    'invalid-response',
    `The update feed’s ${fileName} is not a valid update description (${why}). The app tries again later; if it keeps failing, tell whoever publishes the app.`,
  );
}
