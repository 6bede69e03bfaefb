// The bulk jobs' CSV reader against csv-parse (the reference it replaced for speed): the same
// records for quoting, doubled quotes, line ends inside quotes, CR/LF/CRLF, a BOM, empty lines and
// ragged rows, and an error wherever csv-parse (strict) refuses the text.
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { BulkError } from './errors';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords, parseCsv } from './csv';
import { previewCsv } from './csvPreview';

const reference = (text: string, field = ',', quote = '"'): string[][] =>
  parse(text, { delimiter: field, quote, bom: true, relax_column_count: true, skip_empty_lines: true });

/** A deterministic pseudo-random CSV with every awkward case mixed in. */
function randomCsv(seed: number, field: string, quote: string): string {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  // a file keeps to one line end (csv-parse takes the first it meets as the record delimiter)
  const end = ['\n', '\r\n', '\r'][next(3)] ?? '\n';
  const pieces = ['a', 'Bé', ' ', '1.5', field, quote, '\n', '\r\n', 'x y', ''];
  const lines: string[] = [];
  for (let r = 0; r < 40; r++) {
    const cells: string[] = [];
    const width = 1 + next(5);
    for (let c = 0; c < width; c++) {
      let v = '';
      for (let k = next(4); k > 0; k--) v += pieces[next(pieces.length)];
      const needsQuotes = v.includes(field) || v.includes(quote) || /[\r\n]/.test(v) || next(4) === 0;
      cells.push(needsQuotes ? `${quote}${v.split(quote).join(quote + quote)}${quote}` : v);
    }
    lines.push(cells.join(field) + (next(6) === 0 ? end + end : end));
  }
  return (next(2) ? '\uFEFF' : '') + lines.join('');
}

describe('csvRecords', () => {
  it('reads quoted fields, doubled quotes and line ends inside quotes', () => {
    const text = 'DocID,Name\r\n1,"Smith, ""Jo"""\r\n2,"two\nlines"\r\n\r\n3,\r\n';
    expect(csvRecords(text, ',', '"')).toEqual([
      ['DocID', 'Name'],
      ['1', 'Smith, "Jo"'],
      ['2', 'two\nlines'],
      ['3', ''],
    ]);
  });

  it('gives what csv-parse gives on generated CSVs of every shape', () => {
    for (const [field, quote] of [
      [',', '"'],
      [';', "'"],
      ['\t', '"'],
      ['|', '~'],
    ] as const)
      for (let seed = 1; seed <= 60; seed++) {
        const text = randomCsv(seed, field, quote);
        expect(csvRecords(text, field, quote), `seed ${seed} ${field}`).toEqual(
          reference(text, field, quote),
        );
      }
  });

  it('refuses what csv-parse refuses', () => {
    for (const bad of ['a,b"c\n', '"open,1\n2,3\n', '"closed" x,1\n']) {
      expect(() => reference(bad)).toThrow();
      expect(() => csvRecords(bad, ',', '"')).toThrow();
    }
  });
});

describe('previewCsv (streaming, csv-parse)', () => {
  it("reads the records the jobs' reader reads, mixed line ends included", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-csv-preview-'));
    const texts: [string, string, string][] = [];
    for (const [field, quote] of [
      [',', '"'],
      [';', "'"],
      ['\t', '"'],
      ['|', '~'],
    ] as const)
      for (let seed = 1; seed <= 30; seed++) texts.push([randomCsv(seed, field, quote), field, quote]);
    // line ends mixed in one file, and a string delimiter that is not the escape csv-parse assumes
    texts.push(['a,b\r\nc,d\ne,"f\rg"\r\r\nh,i', ',', '"'], ["'x\"y';'a''b'\n'z';w", ';', "'"]);
    for (const [i, [text, field, quote]] of texts.entries()) {
      const file = join(dir, `${i}.csv`);
      writeFileSync(file, text);
      const expected = csvRecords(text, field, quote);
      if (expected.length === 0) continue;
      const preview = await previewCsv(file, { fieldDelimiter: field, stringDelimiter: quote }, 100);
      expect(preview.rows, `${i}: ${JSON.stringify(text.slice(0, 60))}`).toEqual(expected.slice(0, 100));
    }
  });
});

describe('parseCsv', () => {
  it('is INVALID_DATA for a broken or empty file', () => {
    for (const text of ['a,"b\n', '', '\r\n\r\n']) {
      let error: unknown;
      try {
        parseCsv(text, {});
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BulkError);
      expect((error as BulkError).key).toBe('INVALID_DATA');
    }
  });
});
