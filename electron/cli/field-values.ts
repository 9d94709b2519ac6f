// `submit --set field=value`: the request the app's form would send. Fields are named by id or label;
// text goes as typed (a field not given goes empty, as on the form), a colour as #rrggbb and only if it is
// one, a text longer than the output shows is warned of (the form's rules: field-value-rules.ts); image
// and audio fields take a web address or @file, which is checked and uploaded through the account's asset
// storage (assets:upload, the form's own path); video projects get the form's background music settings.
// Every value is checked before anything is uploaded or sent.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MappingFields, Project } from '../shared/api/schemas';
import { isJobType, VIDEO_JOB_TYPES, type JobType } from '../shared/api/job-types';
import { assetProblem, type AssetKind } from '../shared/domain/asset';
import { contentProblem, SNIFF_BYTES } from '../shared/domain/asset-content';
import { formFieldsOf, type FormField } from '../shared/domain/field-kinds';
import { checkFieldValue, valueToSend } from '../shared/domain/field-value-rules';
import type { SubmitJob } from '../shared/domain/job';
import { HTTP_EXCEPTION_WORDS, isAllowedWebAddress } from '../shared/domain/urls';
import { mimeTypeOf } from '../core/batches/import-files';
import { splitPair } from './arg-parsers';
import { CliError, UsageError } from './cli-error';
import type { CliRun } from './cli-run';
import type { CoreSession } from './core-session';
import { requireUploads } from './upload-check';
import { assetValue } from '../shared/domain/asset-value';

export interface SubmitInputs {
  sets: readonly string[];
  music?: string;
  /** Percent, 0–100. */
  volume?: number;
  /** Seconds. */
  start?: number;
}

export function hasBackgroundMusic(projectType: string): boolean {
  return (VIDEO_JOB_TYPES as readonly string[]).includes(projectType);
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A field as the person reads it and types it: "Accent colour (accent_color)". */
export function fieldName(field: Pick<FormField, 'id' | 'label'>): string {
  return field.label === field.id ? field.id : `${field.label} (${field.id})`;
}

/** A field named by its id, or its label in any case and spacing. */
export function findField(fields: readonly FormField[], name: string): FormField | undefined {
  return (
    fields.find((field) => field.id === name) ??
    fields.find((field) => field.label.toLowerCase() === name.toLowerCase()) ??
    fields.find((field) => squash(field.id) === squash(name) || squash(field.label) === squash(name))
  );
}

async function uploadFile(run: CliRun, session: CoreSession, kind: AssetKind, text: string) {
  // An account without storage is said before the file is read (and before anything is sent).
  await requireUploads(session);
  const path = run.path(text);
  const size = await stat(path).then(
    (info) => (info.isFile() ? info.size : null),
    () => null,
  );
  if (size === null) throw new UsageError(`There is no file at ${path}.`);
  const name = basename(path);
  const mimeType = mimeTypeOf(name);
  const problem = assetProblem(kind, { name, type: mimeType, size });
  if (problem) throw new UsageError(problem);
  const bytes = new Uint8Array(await readFile(path));
  const content = contentProblem(kind, name, bytes.subarray(0, SNIFF_BYTES));
  if (content) throw new UsageError(content);
  run.out.note(`Uploading ${name}…`);
  return (await session.call('assets:upload', { kind, name, mimeType, bytes })).url;
}

/** The address of an image or audio value: typed, or of the @file uploaded. */
async function assetUrl(run: CliRun, session: CoreSession, kind: AssetKind, label: string, value: string) {
  if (value.startsWith('@')) return uploadFile(run, session, kind, value.slice(1));
  if (!isAllowedWebAddress(value)) {
    throw new UsageError(
      `${label} needs a web address starting with https:// (${HTTP_EXCEPTION_WORDS}), or @file to upload one.`,
    );
  }
  return value;
}

export async function buildRequest(
  run: CliRun,
  session: CoreSession,
  project: Project,
  mapping: MappingFields,
  inputs: SubmitInputs,
): Promise<{ request: SubmitJob; empty: string[]; warnings: string[] }> {
  if (!isJobType(project.projectType)) {
    throw new CliError(`This project’s type (${project.projectType}) is not one the service takes jobs of.`);
  }
  const jobType: JobType = project.projectType;
  const fields = formFieldsOf(mapping);
  const given = new Map<string, string>();
  for (const text of inputs.sets) {
    const { name, value } = splitPair(text, '--set', 'headline="Hello"');
    const field = findField(fields, name);
    if (!field) {
      throw new UsageError(
        `“${name}” is not a field of ${project.projectName || project.projectId}.`,
        `Its fields: ${fields.map(fieldName).join(', ')} (see: jrs fields ${project.projectId}).`,
      );
    }
    given.set(field.id, value);
  }
  // The form's rules, all of them before any upload or submission: nothing is sent while one is broken.
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const field of fields) {
    const text = given.get(field.id) ?? '';
    const check = checkFieldValue(
      jobType,
      { ...field, label: fieldName(field), kind: field.type.kind },
      text,
    );
    if (check.error) errors.push(check.error);
    if (check.warning) warnings.push(check.warning);
  }
  if (errors.length > 0) {
    throw new UsageError(errors.join('\n'), 'Nothing was sent. Correct the value and run the command again.');
  }
  const values: SubmitJob['values'] = {};
  const empty: string[] = [];
  for (const field of fields) {
    const value = given.get(field.id)?.trim() ?? '';
    const kind = field.type.kind;
    if (kind === 'image' || kind === 'audio') {
      if (value === '') {
        empty.push(field.label);
        continue;
      }
      const url = await assetUrl(run, session, kind, field.label, value);
      values[field.id] = assetValue(kind, url);
    } else {
      if (value === '') empty.push(field.label);
      values[field.id] = valueToSend(kind, given.get(field.id) ?? '');
    }
  }
  const request: SubmitJob = {
    projectId: project.projectId,
    projectName: project.projectName,
    jobType,
    values,
  };
  const asksBackground =
    inputs.music !== undefined || inputs.volume !== undefined || inputs.start !== undefined;
  if (hasBackgroundMusic(jobType)) {
    const music = inputs.music?.trim() ?? '';
    request.background = {
      music: music ? await assetUrl(run, session, 'audio', 'Background music', music) : null,
      // The form's defaults: half volume, from the start.
      volume: (inputs.volume ?? 50) / 100,
      start: inputs.start ?? 0,
    };
  } else if (asksBackground) {
    throw new UsageError(`--music, --volume and --start are for video projects; this one is ${jobType}.`);
  }
  return { request, empty, warnings };
}
