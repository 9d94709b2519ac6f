// The checked rows made into the jobs of a batch, exactly as the form makes one: text as it is, an image as
// `{ image_url }`, audio as `{ audio_url, effects: [] }` (an empty one left out), and the background music
// of video projects; a dropped file is replaced by the address its upload got. Rows with errors or left out
// by the person are not made.
import { isJobType, VIDEO_JOB_TYPES } from '../../shared/api/job-types';
import type { JobValues } from '../../shared/api/schemas';
import { BACKGROUND_FIELDS, type ImportField } from '../../shared/domain/batch-import';
import type { SubmitJob } from '../../shared/domain/job';
import { parseSeconds, parseVolume, type CheckedRows } from './check-rows';
import type { CellValue } from './match-files';
import { assetValue } from '../../shared/domain/asset-value';

export interface ImportProject {
  projectId: string;
  projectName: string;
  projectType: string;
}

function address(value: CellValue | undefined, uploaded: ReadonlyMap<string, string>): string | null {
  if (value?.kind === 'url') return value.url;
  if (value?.kind === 'file') return uploaded.get(value.file.relativePath) ?? null;
  return null;
}

export function rowsToJobs(
  project: ImportProject,
  fields: readonly ImportField[],
  checked: CheckedRows,
  uploaded: ReadonlyMap<string, string>,
  include: (row: number) => boolean,
): { row: number; request: SubmitJob }[] {
  const jobType = project.projectType;
  if (!isJobType(jobType)) return [];
  const video = (VIDEO_JOB_TYPES as readonly string[]).includes(jobType);
  const jobs: { row: number; request: SubmitJob }[] = [];
  checked.values.forEach((cells, row) => {
    if (checked.failing.has(row) || !include(row)) return;
    const values: JobValues = {};
    for (const field of fields) {
      const value = cells.get(field.id);
      if (field.kind === 'image' || field.kind === 'audio') {
        const url = address(value, uploaded);
        if (url === null) continue;
        values[field.id] = assetValue(field.kind, url);
      } else if (!field.id.startsWith('@')) {
        values[field.id] = value?.kind === 'text' ? value.text : '';
      }
    }
    const request: SubmitJob = {
      projectId: project.projectId,
      projectName: project.projectName,
      jobType,
      values,
    };
    if (video) {
      const text = (id: string) => {
        const value = cells.get(id);
        return value?.kind === 'text' ? value.text : '';
      };
      request.background = {
        music: address(cells.get(BACKGROUND_FIELDS.music), uploaded),
        volume: parseVolume(text(BACKGROUND_FIELDS.volume)) ?? 0.5,
        start: parseSeconds(text(BACKGROUND_FIELDS.start)) ?? 0,
      };
    }
    jobs.push({ row, request });
  });
  return jobs;
}
