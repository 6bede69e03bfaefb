// The documents of an export (documents/routes/export.ts, exportJobs.ts): each one viewable with the export
// right on its archive and not busy, their index data as the wire writes it, the zip's index.csv,
// the spreadsheet, and the history lines. Refusals are DomainErrors (domain/errors.ts).
import ExcelJS from 'exceljs';
import { hasFlag } from '@gs/contract/flags';
import { WorkflowState } from '@gs/contract/searches';
import { BULK_ERROR_MESSAGES, BulkErrorKey, type BulkErrorKeyName } from '@gs/contract/helperBulk';
import type { FieldDefinition } from '@gs/contract/fields';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { DocRow } from '../../search/repos/docQueryModel';
import type { Repos } from '../../db/repos';
import type { UserAccess } from '../../security/services/access';
import { toWireText } from '../../fields/services/fieldValues';
import { fieldRef } from '../../search/services/conditions';
import { DomainError, notFound, type DomainErrorKind } from '../../domain/errors';

/** A refusal with the client's error key (ERROR_EXPORT_...), answered as `{Message, Key}`. */
export const keyedError = (kind: DomainErrorKind, key: BulkErrorKeyName): DomainError =>
  new DomainError(kind, BULK_ERROR_MESSAGES[key], { Key: key });

/** A document named by the request (the route reads `{Archive, Id}` in any casing). */
export interface ExportItem {
  archiveId: number;
  docId: number;
}

export interface ExportDoc {
  archive: ArchiveRow;
  fields: FieldDefinition[];
  row: DocRow;
}

/** A field's value of the document as the wire writes it (a multi-value field joined by commas). */
export const wireValues = (d: ExportDoc, f: FieldDefinition): string =>
  d.row.multi.has(f.ID)
    ? (d.row.multi.get(f.ID) ?? []).join(', ')
    : toWireText(f.Type as 1 | 2 | 3 | 4, d.row.values.get(f.ID) ?? null);

/** The named documents, each viewable and carrying `bit`; refused when one is not, or none is named. */
export function exportDocuments(
  repos: Repos,
  access: UserAccess,
  databaseId: number,
  items: ExportItem[],
  bit: number,
): ExportDoc[] {
  if (items.length === 0) throw keyedError('invalid', BulkErrorKey.ExportNoResults);
  const archives = new Map<number, { archive: ArchiveRow; fields: FieldDefinition[] }>();
  const docs = items.map(({ archiveId, docId }): ExportDoc => {
    let a = archives.get(archiveId);
    if (!a) {
      const archive = access.archive(databaseId, archiveId);
      if (!hasFlag(access.archivePermissions(archive), bit))
        throw keyedError('forbidden', BulkErrorKey.FailedDueToPermissions);
      a = { archive, fields: repos.archives.fields(archiveId) };
      archives.set(archiveId, a);
    }
    const columns = a.fields.map((f) => fieldRef(f.ID, f.Type, f.Prop));
    const row = repos.docSearch.rows.one(databaseId, archiveId, docId, columns);
    if (!row) throw notFound(`Document ${docId} was not found in archive ${archiveId}.`);
    return { ...a, row };
  });
  refuseBusy(repos, databaseId, docs);
  return docs;
}

/** Refused (409 with the client's key) when a document waits for PDF conversion or is in a workflow (spec §8). */
function refuseBusy(repos: Repos, databaseId: number, docs: ExportDoc[]): void {
  const states = docs.map((d) => repos.docStates.statusOf(databaseId, d.row.id));
  const pdf = states.some((st) => st.pdfPending);
  const workflow = states.some((st) => st.workflowStatus !== WorkflowState.None);
  if (pdf && workflow) throw keyedError('conflict', BulkErrorKey.ExportPdfWorkflowPending);
  if (pdf) throw keyedError('conflict', BulkErrorKey.ExportPdfPending);
  if (workflow) throw keyedError('conflict', BulkErrorKey.ExportInWorkflow);
}

/** One `exported` history line per document. */
export function auditExport(
  repos: Repos,
  databaseId: number,
  docs: ExportDoc[],
  userName: string,
  message: string,
  time: number,
): void {
  for (const d of docs)
    repos.audit.add({
      databaseId,
      archiveId: d.archive.id,
      documentId: d.row.id,
      oldArchiveId: 0,
      oldDocId: 0,
      userName,
      category: 'exported',
      message,
      time,
      connectionString: '',
    });
}

const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The zip's index.csv: a line per document with its file's name in the zip and its fields. */
export function indexCsv(docs: ExportDoc[], names: Map<ExportDoc, string>): string {
  const columns = [...new Set(docs.flatMap((d) => d.fields.map((f) => f.Name)))];
  const lines = [['DocID', 'ArchiveID', 'FileName', ...columns].map(csvCell).join(',')];
  for (const d of docs) {
    const byName = new Map(d.fields.map((f) => [f.Name, wireValues(d, f)]));
    lines.push(
      [String(d.row.id), String(d.archive.id), names.get(d) ?? '', ...columns.map((n) => byName.get(n) ?? '')]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The .xlsx of the documents' index data: the fields in `only` (all when undefined). */
export async function spreadsheet(docs: ExportDoc[], only: Set<number> | undefined): Promise<Buffer> {
  const fields: FieldDefinition[] = [];
  for (const d of docs)
    for (const f of d.fields)
      if ((!only || only.has(f.ID)) && !fields.some((x) => x.ID === f.ID)) fields.push(f);
  const book = new ExcelJS.Workbook();
  book.creator = 'GlobalSearch';
  const sheet = book.addWorksheet('Export');
  sheet.addRow(['DocID', 'Archive', ...fields.map((f) => f.Name)]).font = { bold: true };
  for (const d of docs)
    sheet.addRow([
      d.row.id,
      d.archive.name,
      ...fields.map((f) => (d.fields.some((x) => x.ID === f.ID) ? wireValues(d, f) : '')),
    ]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}
