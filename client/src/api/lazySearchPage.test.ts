import { describe, expect, it } from 'vitest';
import type { ResultDoc, SearchPageResult } from '@gs/contract/searches';
import { LazyResultDoc, parseSearchPage } from './lazySearchPage';

const doc = (id: number, value: string): ResultDoc => ({
  Id: id,
  Hash: `h${id}`,
  Tid: 0,
  Fields: [
    { ID: 1, VAL: value, MVAL: [] },
    { ID: 2, VAL: '', MVAL: ['a', 'b]}'] },
  ],
  Version: 0,
  RootVersionId: 0,
  User_Name: 'full.user',
  Hits: 0,
  Permissions: 1024,
  RevisionOptions: 0,
  Revisions: false,
  VersionArchive: 0,
  FileType: '.pdf',
});

const page = (docs: ResultDoc[]): SearchPageResult => ({
  Count: 42,
  Docs: docs,
  Fields: [],
  FolderOptions: '',
  PdfConvertStatus: false,
  Terms: false,
  WorkflowStatus: 0,
  Permissions: 1048575,
});

// values that would trip a naive scanner: quotes, backslashes, braces and brackets inside strings
const tricky = ['plain', 'quote " inside', 'back\\slash\\', '{"Id":99}', '}]},{', 'ünïcødé \u2028 ✓'];

describe('a lazily parsed search page', () => {
  it('reads to the same page as JSON.parse, whatever the values hold', () => {
    const original = page(tricky.map((v, i) => doc(i + 10, v)));
    const parsed = parseSearchPage(JSON.stringify(original));
    expect(parsed.Docs.every((d) => d instanceof LazyResultDoc)).toBe(true);
    expect(parsed.Docs.map((d) => d.Id)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(original);
    expect(parsed.Docs[3]?.Fields[0]?.VAL).toBe('{"Id":99}');
    expect(parsed.Count).toBe(42);
  });

  it('works with other key orders, spacing and casing', () => {
    const text = `{ "Fields": [], "docs" : [ { "Fields": [{"ID":1,"VAL":"x","MVAL":[]}], "id" : 7, "Hash":"h" } ], "Count": 1 }`;
    const parsed = parseSearchPage(text);
    expect(parsed.Docs).toHaveLength(1);
    expect(parsed.Docs[0]?.Id).toBe(7);
    expect(parsed.Docs[0]?.Hash).toBe('h');
    expect(parsed.Count).toBe(1);
    expect(Object.keys(parsed)).not.toContain('docs');
  });

  it('falls back to JSON.parse for anything that is not a page of documents', () => {
    expect(parseSearchPage('{"Count":3}')).toEqual({ Count: 3 });
    expect(parseSearchPage('{"Docs":null,"Count":0}')).toEqual({ Docs: null, Count: 0 });
    expect(parseSearchPage('[1,2]')).toEqual([1, 2]);
    expect(parseSearchPage('{"Docs":[{"Hash":"no id"}]}')).toEqual({ Docs: [{ Hash: 'no id' }] });
    expect(() => parseSearchPage('{"Docs":[')).toThrow();
  });

  it('parses a document only when it is read', () => {
    const parsed = parseSearchPage(JSON.stringify(page([doc(1, 'a'), doc(2, 'b')])));
    const second = parsed.Docs[1] as LazyResultDoc;
    expect((second as unknown as { parsed: unknown }).parsed).toBeNull();
    expect(second.Hash).toBe('h2');
    expect((second as unknown as { parsed: unknown }).parsed).not.toBeNull();
  });
});
