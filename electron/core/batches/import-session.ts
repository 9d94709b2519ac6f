// One spreadsheet being imported into a project: the sheet as read, the dropped files, and what the person
// chose in the preview (mapping, fixes, rows left out). Each change checks every row again, and the preview
// says what the batch would be. Kept in main's memory until submitted or closed.
import type { MappingFields } from '../../shared/api/schemas';
import type { ImportField, ImportPreview, RowFix } from '../../shared/domain/batch-import';
import type { ColumnMapping, Sheet } from '../../shared/domain/batch-sheet';
import type { CostEstimate } from '../../shared/domain/job';
import { checkRows, type CheckedRows } from './check-rows';
import { importFields, matchColumns } from './match-columns';
import { FileIndex, type DroppedFile } from './match-files';
import { sheetOfFiles } from './files-as-sheet';
import { applyFixes, type FixedSheet } from './row-fixes';
import type { ImportProject } from './rows-to-jobs';

export interface ImportContext {
  /** Whether this account can upload files; when not, why (the sheet must carry addresses). */
  uploads: { available: boolean; reason?: string };
  estimate: CostEstimate;
  balance: number | null;
}

export class ImportSession {
  readonly fields: ImportField[];
  mapping: ColumnMapping;
  private unmatched: { columns: string[]; fields: string[] };
  fixes: RowFix[] = [];
  excluded = new Set<string>();
  private fixed!: FixedSheet;
  private checked!: CheckedRows;
  private index: FileIndex;
  /** Files dropped without a sheet: a row per file, remade as files are added. */
  filesOnly = false;

  constructor(
    readonly id: string,
    readonly accountId: string,
    readonly project: ImportProject,
    mappingFields: Pick<MappingFields, 'fields'>,
    public fileName: string,
    private original: Sheet,
    public files: DroppedFile[],
    remembered: ColumnMapping,
    private readonly context: ImportContext,
  ) {
    this.fields = importFields(mappingFields, project.projectType);
    const match = matchColumns(original.columns, this.fields, remembered);
    this.mapping = match.mapping;
    this.unmatched = { columns: match.unmatchedColumns, fields: match.unmatchedFields };
    this.index = new FileIndex(files);
    this.recheck();
  }

  /** The sheet with the fixes in. */
  get sheet(): Sheet {
    return this.fixed.sheet;
  }

  get rows(): CheckedRows {
    return this.checked;
  }

  /** A row goes into the batch: not left out, and without an error. */
  included(row: number): boolean {
    return !this.excluded.has(this.fixed.rowKeys[row] ?? '') && !this.checked.failing.has(row);
  }

  update(changes: { mapping?: ColumnMapping; fixes?: RowFix[]; excluded?: string[] }): void {
    if (changes.mapping) {
      this.mapping = { ...this.mapping, ...changes.mapping };
      const used = new Set(
        Object.values(this.mapping).flatMap((source) => (source.from === 'column' ? [source.column] : [])),
      );
      this.unmatched = {
        columns: this.original.columns.filter((column) => !used.has(column)),
        fields: this.fields
          .filter((field) => this.mapping[field.id]?.from === 'none')
          .map((field) => field.id),
      };
    }
    if (changes.fixes) this.fixes = changes.fixes;
    if (changes.excluded) this.excluded = new Set(changes.excluded);
    this.recheck();
  }

  /** The file dropped again: the mapping stays where its columns still are, fixes where their rows still are. */
  replaceSheet(fileName: string, sheet: Sheet): void {
    this.filesOnly = false;
    this.fileName = fileName;
    this.original = sheet;
    const match = matchColumns(sheet.columns, this.fields, this.mapping);
    this.mapping = match.mapping;
    this.unmatched = { columns: match.unmatchedColumns, fields: match.unmatchedFields };
    this.recheck();
    // Only the fixes that still apply are kept; the stale ones are said once, in this preview.
  }

  addFiles(files: DroppedFile[]): void {
    const byPath = new Map(this.files.map((file) => [file.relativePath, file]));
    for (const file of files) byPath.set(file.relativePath, file);
    this.files = [...byPath.values()];
    this.index = new FileIndex(this.files);
    if (this.filesOnly) {
      this.original = sheetOfFiles(this.files);
      this.fileName = droppedFilesName(this.files.length);
    }
    this.recheck();
  }

  private stale: RowFix[] = [];

  private recheck(): void {
    this.fixed = applyFixes(this.original, this.fixes);
    this.stale = this.fixed.stale;
    this.checked = checkRows(
      this.fixed.sheet,
      this.fields,
      this.mapping,
      this.index,
      this.project.projectType,
    );
    if (!this.context.uploads.available) {
      // No asset storage: a cell naming a file cannot be used; the sheet must carry addresses.
      this.checked.values.forEach((cells, row) => {
        for (const [field, value] of cells) {
          if (value.kind !== 'file') continue;
          this.checked.failing.add(row);
          this.checked.issues.push({
            row,
            field,
            level: 'error',
            code: 'file-not-found',
            message: `Row ${this.fixed.sheet.lines[row] ?? row + 2}: ${value.file.relativePath} would need uploading, and ${this.context.uploads.reason ?? 'this account cannot upload files'}`,
          });
        }
      });
    }
  }

  preview(): ImportPreview {
    const ready = this.checked.values.reduce((count, _cells, row) => count + (this.included(row) ? 1 : 0), 0);
    return {
      importId: this.id,
      projectId: this.project.projectId,
      projectName: this.project.projectName,
      fileName: this.fileName,
      filesOnly: this.filesOnly,
      sheet: this.fixed.sheet,
      fields: this.fields,
      mapping: this.mapping,
      unmatchedColumns: this.unmatched.columns,
      unmatchedFields: this.unmatched.fields,
      rowKeys: this.fixed.rowKeys,
      issues: this.checked.issues,
      fixes: this.fixed.applied,
      staleFixes: this.stale,
      excluded: [...this.excluded],
      files: { count: this.files.length, unused: this.checked.unusedFiles },
      ready,
      uploads: this.context.uploads,
      estimate: this.context.estimate,
      balance: this.context.balance,
    };
  }
}

/** What a sheet of dropped files is called in the wizard and in the batch list. */
export const droppedFilesName = (count: number) => `${count} dropped ${count === 1 ? 'file' : 'files'}`;
