// Search result documents as grid rows: the document plus its values by field id (spec §3 "Grid
// row"). Values saved in this session replace the ones the page was loaded with. A page can hold
// 10,000 rows while only the few in sight are drawn, so a row's value table is built on first use.
import type { FieldValue } from '@gs/contract/fields';
import type { ResultDoc } from '@gs/contract/searches';

export class ResultRow {
  readonly id: string;
  private table: Record<number, FieldValue> | null = null;

  constructor(
    readonly doc: ResultDoc,
    private readonly saved?: FieldValue[],
  ) {
    this.id = String(doc.Id);
  }

  /** The row's values by field id. */
  get values(): Record<number, FieldValue> {
    if (!this.table) {
      const table: Record<number, FieldValue> = {};
      for (const value of this.saved ?? this.doc.Fields) table[value.ID] = value;
      this.table = table;
    }
    return this.table;
  }
}

export const toRow = (doc: ResultDoc, saved?: FieldValue[]): ResultRow => new ResultRow(doc, saved);

export function toRows(docs: ResultDoc[], saved: Record<string, FieldValue[]>): ResultRow[] {
  const rows = new Array<ResultRow>(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i] as ResultDoc;
    rows[i] = new ResultRow(doc, saved[String(doc.Id)]);
  }
  return rows;
}

/** The text of a value: VAL, or every value of a multi-value field. */
export const valueText = (value: FieldValue | undefined): string =>
  value ? (value.MVAL?.length ? value.MVAL.join('; ') : value.VAL) : '';
