// The input of search execution (decision 063): the query schema the edge parses once, in any
// casing (SecureId, SearchCriteria, page, RecordsPerPage, Sort, tabId, Count), and the Sort's
// resolution against an archive's fields (contract/searches.ts: "<field id or name> [ASC|DESC]"
// joined by commas).
import { z } from 'zod';
import type { FieldDefinition } from '@gs/contract/fields';
import { PseudoField } from '@gs/contract/flags';
import { DEFAULT_RECORDS_PER_PAGE, INVALID_SORT_MESSAGE, MAX_RECORDS_PER_PAGE } from '@gs/contract/searches';
import type { SortKey } from '../repos/docQueryModel';
import { DomainError } from '../../domain/errors';
import { boolValue, rejectWith } from '../../lib/zodInput';
import { fieldRef, searchError } from './conditions';
import { CriteriaSyntaxError, CriterionTooLongError, parseSearchCriteria } from './criteria';

/** The default order: most recent first. */
export const MOST_RECENT_FIRST: SortKey[] = [{ field: 'id', desc: true }];

/** A whole number from 1 to `max` (`fallback` when absent or blank), named `key` in its 400. */
const positiveInt = (key: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = /^\s*\+?\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max)
        return rejectWith(ctx, searchError(`${key} must be a whole number from 1 to ${max}; got '${raw}'.`));
      return n;
    });

/** `page` (1-based) and `RecordsPerPage` of a query. */
export const pagingQuery = z.object({
  page: positiveInt('page', 1, 2_000_000_000),
  recordsperpage: positiveInt('RecordsPerPage', DEFAULT_RECORDS_PER_PAGE, MAX_RECORDS_PER_PAGE),
});

export interface Paging {
  page: number;
  recordsPerPage: number;
}

export const pagingOf = (q: z.output<typeof pagingQuery>): Paging => ({
  page: q.page,
  recordsPerPage: q.recordsperpage,
});

/** SearchCriteria's text: prompt id (or special key) -> entered values; 400 with what is wrong. */
export function readCriteria(raw: string | undefined): Map<string, string[]> {
  try {
    return parseSearchCriteria(raw);
  } catch (error) {
    if (error instanceof CriterionTooLongError) throw searchError(error.message);
    if (error instanceof CriteriaSyntaxError)
      throw searchError(`SearchCriteria is not a valid object: ${error.message}.`);
    throw error;
  }
}

/** SearchCriteria given as a JSON object's members (a body's), read as the query's text is. */
export const criteriaOf = (members: Record<string, string> | undefined): Map<string, string[]> =>
  readCriteria(members ? JSON.stringify(members) : undefined);

const criteriaValue = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    try {
      return readCriteria(raw);
    } catch (error) {
      if (error instanceof DomainError) return rejectWith(ctx, error);
      throw error;
    }
  });

/** `tabId` (view tab, 1-based; 0 or absent: every document). */
const tabIdValue = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return 0;
    if (!/^\s*\d{1,9}\s*$/.test(raw))
      return rejectWith(ctx, searchError(`tabId must be a view tab number; got '${raw}'.`));
    return Number(raw);
  });

/** The query of `dbs/{db}/searches/{id}/archive/{a}/documents`, keys lower-cased (any casing on the wire). */
export const searchQuery = z.object({
  secureid: z.string().optional(),
  count: boolValue('Count', false),
  ...pagingQuery.shape,
  sort: z.string().optional(),
  searchcriteria: criteriaValue,
  tabid: tabIdValue,
});

/** What one archive of a search is asked for. */
export interface SearchInput {
  /** the search's Hash as the call carried it */
  secureId: string | undefined;
  countOnly: boolean;
  paging: Paging;
  /** the Sort as given, resolved against the archive's fields by parseSort */
  sort: string | undefined;
  criteria: Map<string, string[]>;
  tabId: number;
}

export const searchInputOf = (q: z.output<typeof searchQuery>): SearchInput => ({
  secureId: q.secureid,
  countOnly: q.count,
  paging: pagingOf(q),
  sort: q.sort,
  criteria: q.searchcriteria,
  tabId: q.tabid,
});

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
export function parseSort(
  raw: string | undefined,
  fields: FieldDefinition[],
  archiveName: string,
): SortKey[] {
  if (raw === undefined || raw.trim() === '') return MOST_RECENT_FIRST;
  const keys = raw.split(',').map((k) => sortKey(k, fields, archiveName));
  if (keys.some((k) => k.field !== 'id' && k.field.multi))
    throw searchError(`${INVALID_SORT_MESSAGE} '${raw}': a multi-value field cannot be sorted on.`);
  return keys;
}
