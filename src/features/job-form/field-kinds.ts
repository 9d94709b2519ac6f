// The field kinds live in electron/shared (core checks spreadsheet rows by them too); the form imports them here.
export * from '../../../electron/shared/domain/field-kinds';
