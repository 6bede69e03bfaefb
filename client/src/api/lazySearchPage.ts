// A page of search results read lazily. A 10,000-row page is about 7 MB of JSON, and JSON.parse
// of all of it (130,000 objects) is most of the time between the response and the first painted
// rows, while the grid draws only the 30 or so rows in sight. So the text is scanned once for the
// span of each document in `Docs` (and its `Id`), everything but `Docs` is parsed at once, and a
// document is parsed the first time one of its properties is read. Works for any key order and
// casing of `Docs`/`Id`; anything unexpected falls back to a plain JSON.parse.
import type { ResultDoc, SearchPageResult } from '@gs/contract/searches';

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** One document of the page: `Id` known from the scan, everything else parsed on first use. */
export class LazyResultDoc implements ResultDoc {
  private parsed: ResultDoc | null = null;

  constructor(
    private readonly text: string,
    private readonly start: number,
    private readonly end: number,
    readonly Id: number,
  ) {}

  private get full(): ResultDoc {
    this.parsed ??= JSON.parse(this.text.slice(this.start, this.end)) as ResultDoc;
    return this.parsed;
  }

  get Hash() {
    return this.full.Hash;
  }
  get Tid() {
    return this.full.Tid;
  }
  get Fields() {
    return this.full.Fields;
  }
  get Version() {
    return this.full.Version;
  }
  get RootVersionId() {
    return this.full.RootVersionId;
  }
  get User_Name() {
    return this.full.User_Name;
  }
  get Hits() {
    return this.full.Hits;
  }
  get Permissions() {
    return this.full.Permissions;
  }
  get RevisionOptions() {
    return this.full.RevisionOptions;
  }
  get Revisions() {
    return this.full.Revisions;
  }
  get VersionArchive() {
    return this.full.VersionArchive;
  }
  get FileType() {
    return this.full.FileType;
  }

  /** The document as the server sent it (JSON.stringify and copies see every property). */
  toJSON(): ResultDoc {
    return this.full;
  }
}

interface Scan {
  docsStart: number;
  docsEnd: number;
  /** start, end and Id of each document, flattened */
  spans: number[];
}

/** Index of the quote closing the string that opens at `open`. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  for (;;) {
    if (close < 0) return -1;
    let backslashes = 0;
    for (let k = close - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if ((backslashes & 1) === 0) return close;
    close = text.indexOf('"', close + 1);
  }
}

function nextNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && text.charCodeAt(i) <= 32) i++;
  return i;
}

const isKey = (text: string, open: number, close: number, lower: string): boolean =>
  close - open - 1 === lower.length && text.slice(open + 1, close).toLowerCase() === lower;

/** Finds the Docs array, each document's span and Id; null when the text is not a page object. */
function scan(text: string): Scan | null {
  let depth = 0;
  let docsStart = -1;
  let docsEnd = -1;
  let docsDepthOpen = false; // inside the Docs array
  let pendingDocsKey = false;
  let docStart = -1;
  let docId = Number.NaN;
  const spans: number[] = [];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i);
      if (close < 0) return null;
      if (depth === 1 && docsStart < 0 && isKey(text, i, close, 'docs')) {
        const colon = nextNonSpace(text, close + 1);
        if (text.charCodeAt(colon) === COLON) pendingDocsKey = true;
      } else if (docsDepthOpen && depth === 3 && docStart >= 0 && isKey(text, i, close, 'id')) {
        const colon = nextNonSpace(text, close + 1);
        if (text.charCodeAt(colon) === COLON) {
          const valueStart = nextNonSpace(text, colon + 1);
          let valueEnd = valueStart;
          while (valueEnd < length && /[-+.\deE]/.test(text[valueEnd] ?? '')) valueEnd++;
          docId = Number(text.slice(valueStart, valueEnd));
          i = valueEnd - 1;
          continue;
        }
      }
      i = close;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (pendingDocsKey && depth === 2) {
        pendingDocsKey = false;
        if (c !== OPEN_BRACKET) return null;
        docsStart = i;
        docsDepthOpen = true;
      } else if (docsDepthOpen && depth === 3) {
        if (c !== OPEN_BRACE) return null;
        docStart = i;
        docId = Number.NaN;
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (docsDepthOpen && depth === 3 && c === CLOSE_BRACE) {
        if (!Number.isFinite(docId)) return null;
        spans.push(docStart, i + 1, docId);
        docStart = -1;
      } else if (docsDepthOpen && depth === 2) {
        docsEnd = i + 1;
        docsDepthOpen = false;
      }
      depth--;
    } else if (pendingDocsKey && depth === 1 && c > 32 && c !== COLON) {
      // Docs is not an array (null, say): let JSON.parse decide
      return null;
    }
  }
  return docsStart >= 0 && docsEnd > docsStart && depth === 0 ? { docsStart, docsEnd, spans } : null;
}

/** Parses a search page, its documents lazily; plain JSON.parse for anything else. */
export function parseSearchPage(text: string): SearchPageResult {
  const found = text ? scan(text) : null;
  if (!found) return (text ? JSON.parse(text) : null) as SearchPageResult;
  const rest = JSON.parse(
    `${text.slice(0, found.docsStart)}[]${text.slice(found.docsEnd)}`,
  ) as SearchPageResult;
  const docsKey = Object.keys(rest).find((k) => k.toLowerCase() === 'docs') ?? 'Docs';
  const { spans } = found;
  const docs = new Array<ResultDoc>(spans.length / 3);
  for (let d = 0, s = 0; s < spans.length; d++, s += 3)
    docs[d] = new LazyResultDoc(text, spans[s] as number, spans[s + 1] as number, spans[s + 2] as number);
  if (docsKey !== 'Docs') delete (rest as unknown as Record<string, unknown>)[docsKey];
  rest.Docs = docs;
  return rest;
}
