// A document's annotations on the wire (contract annotations.ts, decision 006): reading them, and
// replacing the whole set from a PUT body (any key casing) in one transaction with its history
// entry. An item that carries the Id of one of the document's stored annotations keeps that
// annotation's id, CreatedBy and Created; any other item is new: the caller made it, now.
import {
  ANNOTATION_HISTORY_MESSAGE,
  ANNOTATION_TYPES,
  DEFAULT_ANNOTATION_COLOR,
  MAX_ANNOTATIONS,
  MAX_ANNOTATION_TEXT,
  type Annotation,
  type AnnotationType,
} from '@gs/contract/annotations';
import type { AnnotationRow, NewAnnotationRow } from '../repos/annotationsRepo';
import type { Repos } from '../../db/repos';
import { toDotNetDate } from '../../lib/dates';
import { badRequest } from '../../domain/errors';
import { readKey } from '../../lib/keys';

/** One validated item of a PUT. */
export interface AnnotationInputRow {
  id?: number;
  page: number;
  x: number;
  y: number;
  text: string;
  type: AnnotationType;
  color: string;
}

export const toWireAnnotation = (row: AnnotationRow): Annotation => ({
  Id: row.id,
  Page: row.page,
  X: row.x,
  Y: row.y,
  Text: row.text,
  Type: row.type as AnnotationType,
  Color: row.color,
  CreatedBy: row.createdBy,
  Created: toDotNetDate(row.createdAt),
});

const COLOR = /^#[0-9a-f]{6}$/i;

function inputOf(item: unknown, index: number): AnnotationInputRow {
  const where = `Annotation ${index + 1}`;
  if (!item || typeof item !== 'object' || Array.isArray(item))
    throw badRequest(`${where} is not an object.`);
  const num = (key: string): number => {
    const v = readKey(item, key);
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(`${where}: ${key} must be a number.`);
    return n;
  };
  const page = num('Page');
  if (!Number.isInteger(page) || page < 1) throw badRequest(`${where}: Page must be a page number from 1.`);
  const [x, y] = [num('X'), num('Y')];
  if (x < 0 || x > 1 || y < 0 || y > 1)
    throw badRequest(`${where}: X and Y are fractions of the page, from 0 to 1.`);
  const text = readKey(item, 'Text');
  if (typeof text !== 'string' || text.trim() === '') throw badRequest(`${where}: Text is required.`);
  if (text.length > MAX_ANNOTATION_TEXT)
    throw badRequest(`${where}: Text is longer than ${MAX_ANNOTATION_TEXT} characters.`);
  const rawType = readKey(item, 'Type') ?? 'stamp';
  const type = typeof rawType === 'string' ? rawType.toLowerCase() : '';
  if (!(ANNOTATION_TYPES as readonly string[]).includes(type))
    throw badRequest(`${where}: Type must be one of ${ANNOTATION_TYPES.join(', ')}.`);
  const rawColor = readKey(item, 'Color') ?? DEFAULT_ANNOTATION_COLOR;
  if (typeof rawColor !== 'string' || !COLOR.test(rawColor))
    throw badRequest(`${where}: Color must be #rrggbb.`);
  const rawId = readKey(item, 'Id');
  const id = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? rawId : undefined;
  return { id, page, x, y, text, type: type as AnnotationType, color: rawColor.toLowerCase() };
}

/** The items of a PUT body: an array, or `{Annotations: [...]}`; 400 for anything else. */
export function parseAnnotationsBody(body: unknown): AnnotationInputRow[] {
  const items: unknown = Array.isArray(body) ? body : readKey(body, 'Annotations');
  if (!Array.isArray(items)) throw badRequest('The body must be the array of the document’s annotations.');
  if (items.length > MAX_ANNOTATIONS)
    throw badRequest(`A document can have at most ${MAX_ANNOTATIONS} annotations.`);
  return items.map(inputOf);
}

/** The columns two annotation sets are compared on: everything a caller sets. */
const SET_COLUMNS = ['id', 'page', 'x', 'y', 'text', 'type', 'color'] as const;

/** Whether two annotation sets hold the same rows in the same order, compared on `columns`. */
export function sameAnnotationRows(
  a: readonly NewAnnotationRow[],
  b: readonly AnnotationRow[],
  columns: readonly (typeof SET_COLUMNS)[number][] = SET_COLUMNS,
): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) => {
      const old = b[i];
      return old !== undefined && columns.every((column) => row[column] === old[column]);
    })
  );
}

export interface AnnotationChange {
  databaseId: number;
  archiveId: number;
  documentId: number;
  userName: string;
  now: number;
}

/**
 * Replace the document's annotations with `inputs` (one transaction, with the history entry when
 * the set changed); the stored set.
 */
export function replaceAnnotations(
  repos: Pick<Repos, 'annotations' | 'audit'>,
  change: AnnotationChange,
  inputs: AnnotationInputRow[],
): AnnotationRow[] {
  const { databaseId, documentId } = change;
  return repos.annotations.transaction(() => {
    const before = repos.annotations.ofDocument(databaseId, documentId);
    const byId = new Map(before.map((row) => [row.id, row]));
    const used = new Set<number>();
    const rows: NewAnnotationRow[] = inputs.map(({ id, ...input }) => {
      const kept = id !== undefined && !used.has(id) ? byId.get(id) : undefined;
      if (kept) used.add(kept.id);
      return kept
        ? { ...input, id: kept.id, createdBy: kept.createdBy, createdAt: kept.createdAt }
        : { ...input, createdBy: change.userName, createdAt: change.now };
    });
    if (sameAnnotationRows(rows, before)) return before;
    repos.annotations.replace(databaseId, documentId, rows);
    repos.audit.add({
      databaseId,
      archiveId: change.archiveId,
      documentId,
      oldArchiveId: 0,
      oldDocId: 0,
      userName: change.userName,
      category: 'annotation',
      message: ANNOTATION_HISTORY_MESSAGE,
      time: change.now,
      connectionString: '',
    });
    return repos.annotations.ofDocument(databaseId, documentId);
  });
}
