// Query parameters of search execution other than the criteria: page, RecordsPerPage, Sort
// (contract/searches.ts: "<field id or name> [ASC|DESC]" joined by commas), tabId, Count.
import type { Request } from 'express';
import type { FieldDefinition } from '@gs/contract/fields';
import { PseudoField } from '@gs/contract/flags';
import { DEFAULT_RECORDS_PER_PAGE, INVALID_SORT_MESSAGE, MAX_RECORDS_PER_PAGE } from '@gs/contract/searches';
import type { SortKey } from '../../db/docQueryModel';
import { query, queryBool } from '../../http/query';
import { fieldRef, searchError } from './conditions';

/** The default order: most recent first. */
export const MOST_RECENT_FIRST: SortKey[] = [{ field: 'id', desc: true }];

function positiveInt(req: Request, key: string, fallback: number, max: number): number {
  const raw = query(req, key);
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = /^\s*\+?\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw searchError(`${key} must be a whole number from 1 to ${max}; got '${raw}'.`);
  return n;
}

export interface Paging {
  page: number;
  recordsPerPage: number;
}

export function parsePaging(req: Request): Paging {
  return {
    page: positiveInt(req, 'page', 1, 2_000_000_000),
    recordsPerPage: positiveInt(req, 'RecordsPerPage', DEFAULT_RECORDS_PER_PAGE, MAX_RECORDS_PER_PAGE),
  };
}

const DOCUMENT_ID = /^(documentid|-1)$/i;

function sortKey(text: string, fields: FieldDefinition[], archiveName: string): SortKey {
  const m = /^(.*?)(?:\s+(asc|desc))?$/is.exec(text.trim());
  const name = (m?.[1] ?? '').trim();
  const desc = (m?.[2] ?? '').toLowerCase() === 'desc';
  if (DOCUMENT_ID.test(name) || name === String(PseudoField.DocumentId)) return { field: 'id', desc };
  const field =
    fields.find((f) => String(f.ID) === name) ??
    fields.find((f) => f.Name.toLowerCase() === name.toLowerCase());
  if (!field)
    throw searchError(`${INVALID_SORT_MESSAGE} '${name}' is not a field of archive '${archiveName}'.`);
  return { field: fieldRef(field.ID, field.Type, field.Prop), desc };
}

/** The Sort parameter against the archive's fields; multi-value fields cannot be sorted on. */
export function parseSort(req: Request, fields: FieldDefinition[], archiveName: string): SortKey[] {
  const raw = query(req, 'Sort');
  if (raw === undefined || raw.trim() === '') return MOST_RECENT_FIRST;
  const keys = raw.split(',').map((k) => sortKey(k, fields, archiveName));
  if (keys.some((k) => k.field !== 'id' && k.field.multi))
    throw searchError(`${INVALID_SORT_MESSAGE} '${raw}': a multi-value field cannot be sorted on.`);
  return keys;
}

/** `tabId` (view tab, 1-based; 0 or absent: every document). */
export function parseTabId(req: Request): number {
  const raw = query(req, 'tabId');
  if (raw === undefined || raw.trim() === '') return 0;
  if (!/^\s*\d{1,9}\s*$/.test(raw)) throw searchError(`tabId must be a view tab number; got '${raw}'.`);
  return Number(raw);
}

export const parseCountOnly = (req: Request): boolean => queryBool(req, 'Count') ?? false;
