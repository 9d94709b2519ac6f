// Spreadsheets read on a worker thread: the same Sheet as on the main thread, a SheetError (with its line)
// carried back in words, a read that outgrows the thread's heap refused in words instead of taking the app
// down, a read stopped at once when asked; and through the core, a hostile sheet leaves the event loop
// free and the core's close ends a read still going.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { AppError } from '../../../electron/core/kernel/app-error';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { readSheet } from '../../../electron/core/batches/read-sheet';
import { readSheetOffThread } from '../../../electron/core/batches/read-sheet-off-thread';
import { SheetError } from '../../../electron/core/batches/sheet-error';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, makeTestSeed } from '../../fixtures/test-seed';
import { sheetXml, xlsxOf } from './hostile-sheets';

/** 1,900,000 cells: within the limits, and many seconds of SheetJS's time. */
const bigButAllowed = () => xlsxOf([sheetXml({ rows: 9_500, columns: 200, references: false })]);

describe('readSheetOffThread', () => {
  it('gives the same sheet as reading on the main thread, CSV and XLSX', async () => {
    const csv = new TextEncoder().encode('Name;Headline\nAna;Olá\nBen;Hi\n');
    expect(await readSheetOffThread(csv, 'a.csv')).toEqual(readSheet(csv, 'a.csv'));
    const xlsx = xlsxOf([sheetXml({ rows: 50, columns: 5 })]);
    expect(await readSheetOffThread(xlsx, 'a.xlsx')).toEqual(readSheet(xlsx, 'a.xlsx'));
  });

  it('carries a SheetError back in words, with its line', async () => {
    const broken = new TextEncoder().encode('Name,Quote\nAna,ok\nBen,"never closed\n');
    const error = await readSheetOffThread(broken, 'a.csv').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({ line: 3, message: expect.stringMatching(/^Line 3 opens a quote/) });
  });

  it('refuses in words a sheet that needs more memory than the thread may take', async () => {
    // A small cap for the test: a small sheet fits in it, the big one does not.
    const small = xlsxOf([sheetXml({ rows: 20, columns: 5 })]);
    expect((await readSheetOffThread(small, 'small.xlsx', { heapMb: 32 })).rows).toHaveLength(19);
    const error = await readSheetOffThread(bigButAllowed(), 'big.xlsx', { heapMb: 32 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SheetError);
    expect((error as SheetError).message).toBe(
      'This sheet needs more memory to read than the app allows (32 MB). Split it into smaller files, or remove the columns and rows not needed.',
    );
  });

  it('says a reader that crashed in words, what to do included, and logs its stack instead', async () => {
    // Bytes the thread's reader cannot take at all: the parser throws inside the thread (a crash, not a
    // SheetError), as a file no limit foresaw might make it.
    const lines: string[] = [];
    const error = await readSheetOffThread(null as unknown as Uint8Array, 'a.xlsx', {
      log: (line) => lines.push(line),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect((error as SheetError).message).toBe(
      'The spreadsheet could not be read. Open it in the program that made it, save it again as .xlsx or .csv, and drop the new file; if it keeps happening, send the app’s log to support.',
    );
    expect((error as SheetError).message).not.toMatch(/\bat |TypeError|\.ts:/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The sheet reader failed: TypeError: .*\n\s+at /s);
  });

  it('stops at once when asked, mid-parse', async () => {
    const controller = new AbortController();
    const reading = readSheetOffThread(bigButAllowed(), 'big.xlsx', { signal: controller.signal });
    // The main thread is free while the thread parses: this runs, and the abort is heard.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const error = await reading.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'aborted', message: 'Reading the spreadsheet was stopped.' });
  });
});

describe('through the core', () => {
  let dir: string;
  let core: AppCore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jrs-sheet-thread-'));
    core = await createAppCore({
      dataDir: join(dir, 'data'),
      downloadsDir: join(dir, 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(makeTestSeed()),
      flushMs: 10,
    });
    value(await dispatch(core, 'accounts:useSandbox', undefined));
  });
  afterEach(async () => {
    await core.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('says a hostile sheet is too big, in words, as an invalid input', async () => {
    const bytes = xlsxOf([sheetXml({ rows: 100, columns: 200, dimension: 'A1:GR99001' })]);
    const result = await dispatch(core, 'imports:open', {
      projectId: IDS.image,
      sheet: { kind: 'bytes', name: 'big.xlsx', bytes },
      files: [],
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringMatching(/^This sheet has 19,800,200 cells/) },
    });
  });

  it('keeps the event loop turning while a big sheet is read, and its close ends the read', async () => {
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    const opening = dispatch(core, 'imports:open', {
      projectId: IDS.image,
      sheet: { kind: 'bytes', name: 'big.xlsx', bytes: bigButAllowed() },
      files: [],
    });
    // Turns of the loop while the sheet is being parsed (a parse on this thread would allow none).
    while (turns < 20) await new Promise((resolve) => setTimeout(resolve, 1));
    clearInterval(ticking);
    await core.dispose();
    expect(await opening).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });
});
