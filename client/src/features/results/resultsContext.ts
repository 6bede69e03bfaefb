// What the cells of the results grid need from their page: where the documents live, the session
// token for thumbnails, the locale, the field of each column and whether rows may be edited.
import { createContext, useContext } from 'react';
import { ArchivePermission, hasFlag, LicenseType } from '@gs/contract/flags';
import type { ResultDoc } from '@gs/contract/searches';
import type { FieldSpec } from '../../lib/fieldSpec';

export interface ResultsContextValue {
  db: number;
  archive: number;
  token: string;
  locale: string;
  /** edit mode is on */
  editing: boolean;
  licenseType: number | null;
  fields: FieldSpec[];
  labels: RowLabels;
}

/** Per-row words, made from one translation each (a page has thousands of rows). */
export interface RowLabels {
  selectRow: (id: number) => string;
  thumbnail: (id: number) => string;
  thumbnailHint: string;
}

const SLOT = '\u0001';

/** A translation with one {{id}}, translated once and filled in per row. */
export const idTemplate =
  (translated: string) =>
  (id: number): string =>
    translated.split(SLOT).join(String(id));

export const ID_SLOT = SLOT;

export const ResultsContext = createContext<ResultsContextValue | null>(null);

export function useResultsContext(): ResultsContextValue {
  const value = useContext(ResultsContext);
  if (!value) throw new Error('ResultsContext is not provided.');
  return value;
}

/** A licence that may edit at all (type 4 is web-only read-only, spec §6). */
export const licenseCanEdit = (licenseType: number | null): boolean => licenseType !== LicenseType.ReadOnly;

/** A row is editable only in edit mode, with Modify Data (1024) on the document, never for licence type 4. */
export const canEditRow = (doc: ResultDoc, licenseType: number | null): boolean =>
  licenseCanEdit(licenseType) && hasFlag(doc.Permissions, ArchivePermission.ModifyData);
