// Reads the words a scanner kept in a TIFF page (private tag SCAN_WORDS_TIFF_TAG, UTF-8 JSON of
// ScannedPageWords; decision 030) by walking the file's IFD chain. Either byte order; anything
// that is not a well-formed classic TIFF, a page without the tag or a tag that is not the expected
// JSON answers undefined (the page has no words), never an error.
import { z } from 'zod';
import { SCAN_WORDS_TIFF_TAG, type ScannedPageWords } from '@gs/contract/dataExtraction';
import { classicTiffLittleEndian, readIfdEntry } from '../../files/services/tiffFormat';

/** a malformed file must not send the walk round a loop or through millions of pages */
const MAX_PAGES = 10_000;

const wordSchema = z.object({
  Top: z.number(),
  Left: z.number(),
  Width: z.number().nonnegative(),
  Height: z.number().nonnegative(),
  Line: z.number().int().nonnegative(),
  Value: z.string(),
});
const pageSchema = z.object({
  Width: z.number().positive(),
  Height: z.number().positive(),
  Dpi: z.number().positive(),
  Words: z.array(wordSchema),
});

/** The offset of the IFD of page `index` (0-based), or undefined. */
function ifdOf(dv: DataView, little: boolean, index: number): number | undefined {
  let at = dv.getUint32(4, little);
  const seen = new Set<number>();
  for (let page = 0; page < Math.min(index, MAX_PAGES); page++) {
    if (at === 0 || at + 2 > dv.byteLength || seen.has(at)) return undefined;
    seen.add(at);
    const count = dv.getUint16(at, little);
    const next = at + 2 + count * 12;
    if (next + 4 > dv.byteLength) return undefined;
    at = dv.getUint32(next, little);
  }
  return at === 0 || at + 2 > dv.byteLength ? undefined : at;
}

/** The raw bytes of one tag of the IFD at `ifd`, or undefined. */
function tagBytes(bytes: Uint8Array, dv: DataView, little: boolean, ifd: number, tag: number) {
  const count = dv.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > dv.byteLength) return undefined;
    const entry = readIfdEntry(dv, little, at);
    if (entry.tag !== tag) continue;
    const { valueAt: from, size } = entry;
    return from + size <= bytes.length ? bytes.subarray(from, from + size) : undefined;
  }
  return undefined;
}

function parsedWords(raw: Uint8Array | undefined): ScannedPageWords | undefined {
  if (!raw) return undefined;
  try {
    const parsed = pageSchema.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // not our words' JSON (another program's tag): the page has no stored words
    return undefined;
  }
}

function opened(bytes: Uint8Array): { dv: DataView; little: boolean } | undefined {
  if (bytes.length < 8) return undefined;
  try {
    const little = classicTiffLittleEndian(bytes);
    return { dv: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), little };
  } catch {
    // not a classic TIFF (BigTIFF, another format): no stored words to read
    return undefined;
  }
}

/** The scanned words of page `index` (0-based) of a TIFF, or undefined when it has none. */
export function tiffPageWords(bytes: Uint8Array, index: number): ScannedPageWords | undefined {
  const tiff = opened(bytes);
  if (!tiff) return undefined;
  const ifd = ifdOf(tiff.dv, tiff.little, index);
  if (ifd === undefined) return undefined;
  return parsedWords(tagBytes(bytes, tiff.dv, tiff.little, ifd, SCAN_WORDS_TIFF_TAG));
}

/**
 * The scanned words of every page of a TIFF in one walk of its IFD chain, one entry a page
 * (undefined for a page without words); [] for what is not a well-formed classic TIFF.
 */
export function tiffWordsOfPages(bytes: Uint8Array): (ScannedPageWords | undefined)[] {
  const tiff = opened(bytes);
  if (!tiff) return [];
  const { dv, little } = tiff;
  const pages: (ScannedPageWords | undefined)[] = [];
  const seen = new Set<number>();
  let at = dv.getUint32(4, little);
  while (at !== 0 && at + 2 <= dv.byteLength && !seen.has(at) && pages.length < MAX_PAGES) {
    seen.add(at);
    const next = at + 2 + dv.getUint16(at, little) * 12;
    if (next + 4 > dv.byteLength) break;
    pages.push(parsedWords(tagBytes(bytes, dv, little, at, SCAN_WORDS_TIFF_TAG)));
    at = dv.getUint32(next, little);
  }
  return pages;
}

/** The scanned words of a TIFF as plain text for content search: a line a printed line, pages apart. */
export function tiffWordsText(bytes: Uint8Array): string {
  return tiffWordsOfPages(bytes)
    .map((page) => {
      const lines = new Map<number, string[]>();
      for (const w of page?.Words ?? []) lines.set(w.Line, [...(lines.get(w.Line) ?? []), w.Value]);
      return [...lines.values()].map((l) => l.join(' ')).join('\n');
    })
    .filter((text) => text.trim() !== '')
    .join('\n');
}
