// The IPC handlers of the import wizard: open a spreadsheet against a project (with the dropped files), let
// the person change the preview, and submit it as a batch: every file the rows use uploaded first (nothing
// is written until all have their address), then every row written at once and sent by the batch runner.
import { randomUUID } from 'node:crypto';
import type { BatchView, NewBatch } from '../../shared/domain/batch';
import type { ImportFile } from '../../shared/domain/batch-import';
import type { Handlers, PayloadOf } from '../../shared/ipc/contract';
import type { Accounts } from '../accounts/accounts';
import { AppError } from '../kernel/app-error';
import type { AssetUploader } from '../assets/asset-uploader';
import type { Dialogs } from '../kernel/ports';
import { saveError, writeFileAtomically } from '../files/write-file-atomically';
import { tableCsv, tableXlsx } from './batch-export';
import { sampleColumns, sampleFileName, sampleTable } from './sample-sheet';
import { estimateCost } from '../jobs/cost-estimate';
import type { JobStore } from '../jobs/job-store';
import { describeFile, nameOf, readWhole } from './import-files';
import { filesMapping, sheetOfFiles } from './files-as-sheet';
import { droppedFilesName, ImportSession } from './import-session';
import { importFields } from './match-columns';
import type { MappingMemory } from './mapping-memory';
import { readSheetOffThread } from './read-sheet-off-thread';
import { SheetError } from './sheet-error';
import { rowsToJobs } from './rows-to-jobs';
import { uploadFiles, type UploadWork } from './upload-files';

type ImportChannel =
  | 'imports:open'
  | 'imports:update'
  | 'imports:addFiles'
  | 'imports:reimport'
  | 'imports:submit'
  | 'imports:close'
  | 'imports:columns'
  | 'imports:saveSample';

export interface ImportHandlersDeps {
  accounts: Accounts;
  jobs: Pick<JobStore, 'charges'>;
  memory: MappingMemory;
  createBatch(batch: NewBatch): Promise<BatchView>;
  progress(payload: PayloadOf<'imports:progress'>): void;
  uploaderFor(accountId: string): Promise<AssetUploader>;
  /** The pause before an upload is tried again (fake time in tests). */
  sleep?: (ms: number) => Promise<void>;
  /** Aborted when the core closes: a spreadsheet still being read stops at once. */
  signal?: AbortSignal;
  /** The core's log: a sheet reader's crash is written there (the person gets words). */
  log?: (line: string) => void;
  /** Where a sample sheet is saved (a save dialog in the app; the Downloads folder in a browser). */
  dialogs?: Dialogs;
}

/** The sheet, read off the main thread (a hostile file cannot freeze the app), in words when it cannot be. */
async function sheetOf(
  file: ImportFile,
  sheetName: string | undefined,
  deps: Pick<ImportHandlersDeps, 'signal' | 'log'>,
) {
  try {
    return await readSheetOffThread(await readWhole(file), nameOf(file), {
      sheetName,
      signal: deps.signal,
      log: deps.log,
    });
  } catch (error) {
    if (error instanceof SheetError) throw new AppError('invalid-input', error.message);
    throw error;
  }
}

export function importHandlers(deps: ImportHandlersDeps): Pick<Handlers, ImportChannel> {
  const sessions = new Map<string, { session: ImportSession; sources: Map<string, ImportFile> }>();
  const open = (importId: string) => {
    const found = sessions.get(importId);
    if (!found || found.session.accountId !== deps.accounts.registry.activeId) {
      throw new AppError('not-found', 'This import was closed. Drop the spreadsheet again.');
    }
    return found;
  };
  const describeAll = async (files: readonly ImportFile[], sources: Map<string, ImportFile>) => {
    const described = await Promise.all(files.map((file) => describeFile(file)));
    described.forEach((file, i) => {
      const source = files[i];
      if (source) sources.set(file.relativePath, source);
    });
    return described;
  };

  /** The project (active on the service) and the columns its sheet is expected to have. */
  const projectColumns = async (projectId: string) => {
    const { client } = await deps.accounts.connections.active();
    const [projects, mappingFields] = await Promise.all([
      client.listActiveProjects(),
      client.getMappingFields(projectId),
    ]);
    const project = projects.find((candidate) => candidate.projectId === projectId);
    if (!project) throw new AppError('not-found', 'This project is no longer active on the service.');
    return {
      project,
      columns: sampleColumns(importFields(mappingFields, project.projectType), project.projectType),
    };
  };

  return {
    'imports:columns': async ({ projectId }) => (await projectColumns(projectId)).columns,
    'imports:saveSample': async ({ projectId, format }) => {
      if (!deps.dialogs) throw new AppError('internal', 'Files cannot be saved from here.');
      const { project, columns } = await projectColumns(projectId);
      const path = await deps.dialogs.chooseSaveFile({
        title:
          format === 'csv' ? 'Save the sample sheet as CSV' : 'Save the sample sheet as an Excel workbook',
        defaultName: sampleFileName(project.projectName, format),
        filters: [
          format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'Excel', extensions: ['xlsx'] },
        ],
      });
      if (!path) return { path: null };
      const table = sampleTable(columns);
      try {
        await writeFileAtomically(path, format === 'csv' ? tableCsv(table) : tableXlsx(table, 'Rows'));
      } catch (error) {
        throw saveError(error, 'The sample sheet', path);
      }
      return { path };
    },
    'imports:open': async ({ projectId, sheet, files, sheetName }) => {
      const connection = await deps.accounts.connections.active();
      const accountId = connection.account.id;
      const [projects, mappingFields, read] = await Promise.all([
        connection.client.listActiveProjects(),
        connection.client.getMappingFields(projectId),
        sheet ? sheetOf(sheet, sheetName, deps) : null,
      ]);
      const project = projects.find((candidate) => candidate.projectId === projectId);
      if (!project) throw new AppError('not-found', 'This project is no longer active on the service.');
      const sources = new Map<string, ImportFile>();
      const dropped = await describeAll(files, sources);
      let remembered = await deps.memory.get(accountId, projectId);
      if (!read) {
        if (dropped.length === 0) {
          throw new AppError(
            'invalid-input',
            'Drop a spreadsheet, or the photos or audio files to make jobs of.',
          );
        }
        const mapping = filesMapping(dropped, importFields(mappingFields, project.projectType), remembered);
        if (!mapping) {
          throw new AppError(
            'invalid-input',
            `${project.projectName || 'This project'} has no image or audio field to put the dropped files in. Drop a spreadsheet instead.`,
          );
        }
        remembered = mapping;
      }
      const balance = await connection.client.getCredits().catch(() => null);
      const capability = await deps.uploaderFor(accountId).then(
        (uploader) => uploader.capability(),
        (error: unknown) => ({ available: false, reason: (error as Error).message }),
      );
      const session = new ImportSession(
        randomUUID(),
        accountId,
        { projectId, projectName: project.projectName, projectType: project.projectType },
        mappingFields,
        sheet ? nameOf(sheet) : droppedFilesName(dropped.length),
        read ?? sheetOfFiles(dropped),
        dropped,
        remembered,
        {
          uploads: capability.available
            ? { available: true }
            : { available: false, reason: capability.reason },
          estimate: estimateCost(await deps.jobs.charges(accountId, projectId)),
          balance,
        },
      );
      session.filesOnly = !read;
      sessions.set(session.id, { session, sources });
      return session.preview();
    },
    'imports:update': async ({ importId, ...changes }) => {
      const { session } = open(importId);
      session.update(changes);
      return session.preview();
    },
    'imports:addFiles': async ({ importId, files }) => {
      const { session, sources } = open(importId);
      session.addFiles(await describeAll(files, sources));
      return session.preview();
    },
    'imports:reimport': async ({ importId, sheet, sheetName }) => {
      const { session } = open(importId);
      session.replaceSheet(nameOf(sheet), await sheetOf(sheet, sheetName, deps));
      return session.preview();
    },
    'imports:submit': async ({ importId, name, firstRows, nameTemplate }) => {
      const { session, sources } = open(importId);
      const included = session.rows.values.flatMap((_cells, row) => (session.included(row) ? [row] : []));
      const chosen = new Set(firstRows === undefined ? included : included.slice(0, firstRows));
      if (chosen.size === 0) {
        throw new AppError(
          'invalid-input',
          'No row is ready to submit: fix the rows with errors, or include some.',
        );
      }
      // The files the chosen rows use, each once.
      const work = new Map<string, UploadWork>();
      for (const row of chosen) {
        for (const field of session.fields) {
          const value = session.rows.values[row]?.get(field.id);
          if (value?.kind !== 'file' || (field.kind !== 'image' && field.kind !== 'audio')) continue;
          const source = sources.get(value.file.relativePath);
          if (source)
            work.set(value.file.relativePath, {
              relativePath: value.file.relativePath,
              kind: field.kind,
              source,
            });
        }
      }
      const uploader = await deps.uploaderFor(session.accountId);
      const { urls } = await uploadFiles(
        [...work.values()],
        uploader,
        (progress) => deps.progress({ importId, stage: 'uploading', ...progress }),
        { sleep: deps.sleep },
      );
      const jobs = rowsToJobs(session.project, session.fields, session.rows, urls, (row) => chosen.has(row));
      deps.progress({ importId, stage: 'writing', done: 0, total: jobs.length });
      const batch = await deps.createBatch({
        projectId: session.project.projectId,
        projectName: session.project.projectName,
        name,
        nameTemplate,
        sheet: { columns: session.sheet.columns, rows: session.sheet.rows, lines: session.sheet.lines },
        jobs,
      });
      await deps.memory.save(session.accountId, session.project.projectId, session.mapping);
      sessions.delete(importId);
      return batch;
    },
    'imports:close': async ({ importId }) => {
      sessions.delete(importId);
    },
  };
}
