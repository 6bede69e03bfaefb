// The words a scanned page printed, kept in the page's own TIFF IFD (private tag
// SCAN_WORDS_TIFF_TAG, UTF-8 JSON of ScannedPageWords): the file carries them wherever it goes, so
// the API can answer KeyFree's data-extraction request for a scan once it is uploaded (decision 030).
import { SCAN_WORDS_TIFF_TAG, type ScannedPageWords } from '@gs/contract/dataExtraction';
import type { ScanWord } from '@gs/contract/helper';
import type { TiffEntry } from './tiffJoin';

const UNDEFINED_TYPE = 7;

export function wordsTag(page: { words: ScanWord[]; width: number; height: number; dpi: number }): TiffEntry {
  const body: ScannedPageWords = { Width: page.width, Height: page.height, Dpi: page.dpi, Words: page.words };
  const value = new TextEncoder().encode(JSON.stringify(body));
  return { tag: SCAN_WORDS_TIFF_TAG, type: UNDEFINED_TYPE, count: value.length, value };
}
