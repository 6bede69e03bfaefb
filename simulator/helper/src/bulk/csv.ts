// Reading the CSV of a job: the field and string delimiters (present, one character each here,
// and different), an optional header row, every row as strings. Empty files are INVALID_DATA.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import {
  BULK_DEFAULT_FIELD_DELIMITER,
  BULK_DEFAULT_STRING_DELIMITER,
  BulkErrorKey,
} from '@gs/contract/helperBulk';
import { bulkError } from './errors';

export interface CsvOptions {
  fieldDelimiter?: string;
  stringDelimiter?: string;
  headersIncluded?: boolean;
}

export interface CsvData {
  columns: string[];
  rows: string[][];
}

export function delimiters(o: CsvOptions): { field: string; quote: string } {
  const field = o.fieldDelimiter ?? BULK_DEFAULT_FIELD_DELIMITER;
  const quote = o.stringDelimiter ?? BULK_DEFAULT_STRING_DELIMITER;
  if (field === '' || quote === '') throw bulkError(BulkErrorKey.DelimiterRequired);
  if (field === quote) throw bulkError(BulkErrorKey.DelimitersMatch);
  return { field: field === '\\t' ? '\t' : field, quote };
}

export function parseCsv(text: string, o: CsvOptions): CsvData {
  const { field, quote } = delimiters(o);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: field,
      quote,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (err) {
    throw bulkError(BulkErrorKey.InvalidData, 400, `The CSV file cannot be read: ${(err as Error).message}`);
  }
  const header = o.headersIncluded ? records.shift() : undefined;
  if (records.length === 0) throw bulkError(BulkErrorKey.InvalidData);
  const width = Math.max(header?.length ?? 0, ...records.slice(0, 100).map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => header?.[i] ?? `Column ${i + 1}`);
  return { columns, rows: records };
}

export async function readCsv(file: string, o: CsvOptions): Promise<CsvData> {
  delimiters(o);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw bulkError(BulkErrorKey.FileNotFound, 400);
  }
  return parseCsv(text, o);
}
