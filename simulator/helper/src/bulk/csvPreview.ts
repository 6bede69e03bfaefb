// "Load CSV fields": the columns and first rows of a CSV in the user's folder, read as a stream
// (csv-parse) that stops once the rows it needs are parsed, so a preview of a file of any size
// costs one or two 64 KiB reads and never holds the file (decision 047). The records are those
// of the jobs' reader (csv.ts): the same delimiters, a doubled quote for a quote, CR, LF or CRLF
// ending a record, a BOM dropped and empty lines skipped; the column count is the widest of the
// header and the first 100 data rows, as a job sees it. A file broken further on than that is
// refused by the job, not by the preview.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { BulkErrorKey } from '@gs/contract/helperBulk';
import { bulkError } from './errors';
import { delimiters, type CsvOptions } from './csv';

/** Data rows read to find the columns; also the most rows a preview answers. */
export const PREVIEW_MAX_ROWS = 100;

export interface CsvPreview {
  columns: string[];
  /** the first data rows */
  rows: string[][];
}

const isSystemError = (err: unknown): boolean => /^E[A-Z]+$/.test(String((err as { code?: unknown }).code));

/** The first `rows` data rows (at most PREVIEW_MAX_ROWS) and the columns of `file`. */
export async function previewCsv(file: string, o: CsvOptions, rows: number): Promise<CsvPreview> {
  const { field, quote } = delimiters(o);
  const header = o.headersIncluded ? 1 : 0;
  const wanted = header + PREVIEW_MAX_ROWS;
  const source = createReadStream(file);
  const parser = parse({
    delimiter: field,
    quote,
    escape: quote,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // a file that cannot be read ends the parse with that error
  source.once('error', (err) => parser.destroy(err));
  const records: string[][] = [];
  try {
    for await (const record of source.pipe(parser)) {
      records.push(record as string[]);
      if (records.length >= wanted) break;
    }
  } catch (err) {
    if (isSystemError(err)) throw bulkError(BulkErrorKey.FileNotFound, 400);
    const why = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 200);
    throw bulkError(BulkErrorKey.InvalidData, 400, `The CSV file cannot be read: ${why}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
  const head = header ? records.shift() : undefined;
  if (records.length === 0) throw bulkError(BulkErrorKey.InvalidData);
  const width = Math.max(head?.length ?? 0, ...records.map((r) => r.length));
  const shown = Math.min(Math.max(0, Math.floor(rows)), PREVIEW_MAX_ROWS);
  return {
    columns: Array.from({ length: width }, (_, i) => head?.[i] ?? `Column ${i + 1}`),
    rows: records.slice(0, shown),
  };
}
