// Document rows -> the wire Result (square9api-wire.md §2.4): Docs with Fields of {ID, VAL, MVAL}
// in the archive's field order, the archive's field definitions, and the caller's permissions.
import type { FieldDefinition, FieldValue } from '@gs/contract/fields';
import { FieldProp, FieldType } from '@gs/contract/flags';
import type { ResultDoc, SearchPageResult } from '@gs/contract/searches';
import type { DocRow } from '../repos/docQueryModel';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { NO_STATUS, type ResultStatus } from '../../documents/repos/docStatesRepo';
import { secureId } from '../../security/repos/secureIds';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** A stored date as the server shows it: `M/D/YYYY`, with ` h:mm:ss AM` when it has a time. */
export function formatDate(stored: string): string {
  const m = ISO.exec(stored);
  if (!m) return stored;
  const date = `${Number(m[2])}/${Number(m[3])}/${m[1]}`;
  if (m[4] === undefined) return date;
  const hours = Number(m[4]);
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${date} ${h12}:${m[5]}:${m[6] ?? '00'} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function formatValue(field: FieldDefinition, stored: string | number | null | undefined): string {
  if (stored === null || stored === undefined) return '';
  if (field.Type === FieldType.Date && typeof stored === 'string') return formatDate(stored);
  return String(stored);
}

export function fieldValues(fields: FieldDefinition[], row: DocRow): FieldValue[] {
  return fields.map((f) => {
    if (f.Prop & FieldProp.MultiValue) {
      const values = (row.multi.get(f.ID) ?? []).map((v) => formatValue(f, v));
      return { ID: f.ID, VAL: values[0] ?? '', MVAL: values };
    }
    return { ID: f.ID, VAL: formatValue(f, row.values.get(f.ID)), MVAL: [] };
  });
}

/** What a Result needs besides its rows; plain data, so a search reader can be sent it. */
export interface ResultContext {
  secret: string;
  databaseId: number;
  archive: Pick<ArchiveRow, 'folderOptions' | 'versionsArchiveId'>;
  fields: FieldDefinition[];
  permissions: number;
  terms: boolean;
}

export function toResultDoc(ctx: ResultContext, row: DocRow): ResultDoc {
  return {
    Id: row.id,
    Hash: secureId(ctx.secret, 'doc', ctx.databaseId, row.id),
    Tid: 0,
    Fields: fieldValues(ctx.fields, row),
    Version: row.version,
    RootVersionId: row.rootVersionId,
    User_Name: '',
    Hits: row.hits,
    Permissions: ctx.permissions,
    RevisionOptions: 0,
    Revisions: false,
    VersionArchive: ctx.archive.versionsArchiveId,
    FileType: row.fileType,
  };
}

/**
 * `status`: whether a document the Result describes waits for PDF conversion and the furthest
 * workflow state any is in (docStatesRepo); for a search, every document it finds, not only this
 * page's: the client refuses to export while any is pending (spec §8), and an export of a whole
 * search covers every page.
 */
export function toResult(
  ctx: ResultContext,
  count: number,
  rows: DocRow[],
  status: ResultStatus = NO_STATUS,
): SearchPageResult {
  return {
    Count: count,
    Docs: rows.map((r) => toResultDoc(ctx, r)),
    Fields: ctx.fields,
    FolderOptions: ctx.archive.folderOptions ? String(ctx.archive.folderOptions) : '',
    PdfConvertStatus: status.pdfPending,
    Terms: ctx.terms,
    WorkflowStatus: status.workflowStatus,
    Permissions: ctx.permissions,
  };
}
