// Copy and move of a document into an archive of ANOTHER database. Fields belong to their database
// (decision 002), so the values cannot be carried column by column as documentOps.ts does within one
// database: each value goes to the destination archive's field of the same name (ignoring case)
// when the types are compatible, and is dropped otherwise. The destination's system fields (Date
// Entered, Indexed By, Page Count, File Type, ...) are filled as for a new document. The document's
// text goes along (content search), so do its annotations and its file: a copy gets its own file
// under files/{dest db}/{dest archive}/, a move keeps the file and the new row points at it.
// Across a Modify Annotations boundary the annotations are burned in instead (burnInTransfer.ts).
// A move also copies the document's earlier history to the destination database under its new id,
// and refuses a document of a revision chain (its versions would point at a root that is gone).
// One transaction holds the new row, its values, its text, the history entries of both databases
// and, for a move, the removal of the source row; the search structures of both databases (value
// dictionary, FTS, count stamps; decision 004) follow through the tables' triggers.
import { FieldProp, FieldType, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { DocImportsRepo } from '../repos/docImportsRepo';
import type { DocumentFieldsRepo, StoredValue } from '../../fields/repos/documentFieldsRepo';
import type { StoredDoc } from '../repos/documentOpsRepo';
import type { FieldRule, FieldRulesRepo } from '../../fields/repos/fieldRulesRepo';
import { invalid } from '../../domain/errors';
import { burnedFileInfo, requireUnchanged, type BurnedFile } from './burnInTransfer';
import type { DocumentRef } from './documentAccess';
import { copyWithFile, logBothSides, moveWithFile, storedRow, type DocumentOpsContext } from './documentOps';
import { toWireText } from '../../fields/services/fieldValues';
import { systemValue } from './importValues';

export interface TransferContext extends DocumentOpsContext {
  fields: FieldRulesRepo;
  values: DocumentFieldsRepo;
  imports: DocImportsRepo;
}

/** One destination write: a single value or the values of a multi-value field. */
export type MappedValue =
  { rule: FieldRule; multi: false; value: StoredValue } | { rule: FieldRule; multi: true; values: string[] };

const isSystem = (rule: FieldRule): boolean =>
  (rule.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) !== 0;
const isMulti = (rule: FieldRule): boolean => hasFlag(rule.prop, FieldProp.MultiValue);
const fits = (rule: FieldRule, text: string): boolean => rule.size <= 0 || text.length <= rule.size;

/** `value` (stored for `from`) as stored for `to`, or undefined when the types do not fit. */
function converted(from: FieldRule, to: FieldRule, value: StoredValue): StoredValue | undefined {
  if (value === null) return undefined;
  if (to.type === FieldType.Character) {
    const text = from.type === FieldType.Character ? String(value) : toWireText(from.type, value);
    return text !== '' && fits(to, text) ? text : undefined;
  }
  if (from.type === to.type) return value;
  if (to.type === FieldType.Decimal && from.type === FieldType.Integer) return Number(value);
  return undefined;
}

/**
 * The source document's values written into `dest`'s fields: by field name (ignoring case), only
 * to user fields of the destination archive, single to single and multi to multi, with the same
 * type, an integer into a decimal, or anything into a character field it fits. The rest is dropped.
 */
export function mapValues(
  source: { values: Map<number, StoredValue>; multi: Map<number, string[]> },
  sourceRule: (fieldId: number) => FieldRule | undefined,
  destRules: FieldRule[],
): MappedValue[] {
  const byName = new Map<string, FieldRule>();
  for (const rule of destRules)
    if (!isSystem(rule) && !byName.has(rule.name.toLowerCase())) byName.set(rule.name.toLowerCase(), rule);
  const out: MappedValue[] = [];
  const taken = new Set<number>();
  const target = (fieldId: number): [FieldRule, FieldRule] | undefined => {
    const from = sourceRule(fieldId);
    if (!from || isSystem(from)) return undefined;
    const to = byName.get(from.name.toLowerCase());
    if (!to || taken.has(to.id) || isMulti(to) !== isMulti(from)) return undefined;
    return [from, to];
  };
  for (const [fieldId, values] of source.multi) {
    const pair = target(fieldId);
    if (!pair || !isMulti(pair[0])) continue;
    const [from, to] = pair;
    // multi-values are stored as text in the form of their field's type
    const mapped = values
      .map((v) => converted(from, to, v))
      .filter((v): v is StoredValue => v !== undefined)
      .map(String);
    if (mapped.length === 0) continue;
    taken.add(to.id);
    out.push({ rule: to, multi: true, values: mapped });
  }
  for (const [fieldId, value] of source.values) {
    const pair = target(fieldId);
    if (!pair || isMulti(pair[0])) continue;
    const [from, to] = pair;
    const mapped = converted(from, to, value);
    if (mapped === undefined) continue;
    taken.add(to.id);
    out.push({ rule: to, multi: false, value: mapped });
  }
  return out;
}

/**
 * The new row in `dest` with the mapped values, system fields, text and annotations; its id. With
 * a burned file the row gets that PDF (same page count) and no annotations.
 */
function insertInto(
  ctx: TransferContext,
  ref: DocumentRef,
  row: StoredDoc,
  dest: ArchiveRow,
  filePath: string,
  burned?: BurnedFile,
): number {
  const source = ctx.values.read(ref.databaseId, ref.archive.id, ref.docId);
  const destRules = ctx.fields.ofArchive(dest.id);
  const mapped = source ? mapValues(source, (id) => ctx.fields.byId(ref.databaseId, id), destRules) : [];
  const db = dest.databaseId;
  const now = ctx.now();
  const file = burned
    ? burnedFileInfo(burned, row.pageCount)
    : { path: filePath, type: row.fileType, size: row.fileSize, pages: row.pageCount };
  const id = ctx.imports.insert(db, {
    archiveId: dest.id,
    filePath: file.path,
    fileType: file.type,
    fileSize: file.size,
    pageCount: file.pages,
    now,
  });
  for (const m of mapped)
    if (m.multi) ctx.values.setMulti(db, id, m.rule.id, m.values);
    else ctx.values.setValue(db, id, m.rule.id, m.value);
  const system = { userName: ctx.userName, now, pageCount: file.pages, fileType: file.type };
  for (const rule of destRules) {
    const value = systemValue(rule, system);
    if (value !== undefined) ctx.values.setValue(db, id, rule.id, value);
  }
  const text = ctx.ops.text(ref.databaseId, ref.docId);
  if (text !== '') ctx.ops.setText(db, id, text);
  if (burned) requireUnchanged(ctx, ref, row, burned);
  else
    ctx.annotations?.copy(
      { databaseId: ref.databaseId, documentId: ref.docId },
      { databaseId: db, documentId: id },
    );
  return id;
}

const where = (archive: ArchiveRow, databaseName: string): string => `'${archive.name}' (${databaseName})`;

/**
 * A copy of the document in `dest`, an archive of another database; the new document's id. With
 * `burn` (the burn-in rule) an annotated document's copy is a PDF with the annotations drawn in.
 */
export function copyAcrossDatabases(
  ctx: TransferContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  names: { source: string; dest: string },
  burn = false,
): Promise<number> {
  return copyWithFile(ctx, ref, dest, burn, (current, filePath, burned) => {
    const id = insertInto(ctx, ref, current, dest, filePath, burned);
    logBothSides(ctx, ref, { databaseId: dest.databaseId, archiveId: dest.id, documentId: id }, 'copied', {
      to: `Document copied from archive ${where(ref.archive, names.source)} (document ${ref.docId})`,
      from: `Document copied to archive ${where(dest, names.dest)} (document ${id})`,
    });
    return id;
  });
}

/** 400 for a document that heads or belongs to a revision chain (a move would orphan its versions). */
function refuseRevisionChain(ctx: TransferContext, ref: DocumentRef, row: StoredDoc): void {
  const versions = ctx.ops.revisions(ref.databaseId, row.id).length;
  if (row.rootVersionId === 0 && versions <= 1) return;
  const what =
    row.rootVersionId === 0
      ? `heads a revision chain of ${versions} versions`
      : `is version ${row.version} of document ${row.rootVersionId}`;
  throw invalid(
    `Document ${ref.docId} ${what} and cannot be moved to another database: the versions of a document stay together in their database.`,
  );
}

/** The document's earlier history written to the destination database under its new id. */
function carryHistory(ctx: TransferContext, ref: DocumentRef, dest: ArchiveRow, id: number): void {
  for (const { id: _entry, ...entry } of ctx.audit.ofDocument(ref.databaseId, ref.docId))
    ctx.audit.add({ ...entry, databaseId: dest.databaseId, documentId: id });
}

/**
 * Move the document into `dest`, an archive of another database: a new row there (the id is the
 * destination table's, and is returned) pointing at the same file (or, with `burn` and
 * annotations, at a new PDF with them drawn in), its earlier history copied under the new id, and
 * the source row removed. A document of a revision chain is refused (400).
 */
export async function moveAcrossDatabases(
  ctx: TransferContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  names: { source: string; dest: string },
  burn = false,
): Promise<number> {
  const before = storedRow(ctx, ref);
  refuseRevisionChain(ctx, ref, before);
  return moveWithFile(ctx, ref, before, dest, burn, (burned) => moveRow(ctx, ref, dest, names, burned));
}

function moveRow(
  ctx: TransferContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  names: { source: string; dest: string },
  burned: BurnedFile | undefined,
): number {
  return ctx.ops.transaction(() => {
    const row = storedRow(ctx, ref);
    refuseRevisionChain(ctx, ref, row);
    const id = insertInto(ctx, ref, row, dest, row.filePath, burned);
    carryHistory(ctx, ref, dest, id);
    ctx.ops.remove(ref.databaseId, ref.docId);
    ctx.annotations?.remove(ref.databaseId, ref.docId);
    const message = `Document moved from archive ${where(ref.archive, names.source)} (document ${ref.docId}) to ${where(dest, names.dest)} (document ${id})`;
    logBothSides(ctx, ref, { databaseId: dest.databaseId, archiveId: dest.id, documentId: id }, 'moved', {
      to: message,
      from: message,
    });
    return id;
  });
}
