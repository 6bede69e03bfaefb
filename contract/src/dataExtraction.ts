// KeyFree data extraction (end-user spec §1, §3 "Extracted words", §7 "Data-extraction page
// request (file, settings, page index). Exact paths for these not shown", §8). The path and the
// shapes below are OUR DESIGN (decision 030): the request is one more viewer action on the file
// being indexed, beside pages/render/burst of contract/upload.ts, so it takes the same file
// addressing (a cache name, or `InboxId` for a file of an inbox) and the same rights.
import type { HelperPackageName } from './helper';

/**
 * One word on a page with its box in page-relative units (0..1 of the page's width and height,
 * from the top left corner), so that it lies over the page image at any size the client draws it.
 * Scanner pages: the words the helper printed; PDFs: the text layer (services/pdf/textWords.ts,
 * `pdfPageWords(bytes, pageIndex): Promise<PageWord[]>`).
 */
export interface PageWord {
  Value: string;
  /** X of the box's left edge, 0..1 */
  Left: number;
  /** Y of the box's top edge, 0..1 */
  Top: number;
  Width: number;
  Height: number;
  /** 1-based line number on the page (words of one line share it); 0 when unknown */
  Line: number;
}

/**
 * `GET files?fileName=<cache name>&action=words&page=N` (1-based; with `InboxId=` for a file of
 * that inbox, which needs View on it) → 200 with this JSON. Width and Height are the page's size
 * in its own units (pixels of a scanned image, points of a PDF page).
 * A page with no words (an image that is not a scan, a PDF without a text layer, a page bursting
 * re-encoded) is 404 `{"Message": NO_KFI_WORDS_MESSAGE, "Code": "NoKfiWords"}` (the client shows
 * ERROR_NO_KFI_WORDS); a page out of range is 400; an unknown cache file 404 without a Code.
 */
export interface PageWordsResponse {
  Page: number;
  Width: number;
  Height: number;
  Words: PageWord[];
}

export const NO_KFI_WORDS_CODE = 'NoKfiWords';
export const NO_KFI_WORDS_MESSAGE = 'No words were recognised on this page.';
export interface NoKfiWordsBody {
  Message: string;
  Code: typeof NO_KFI_WORDS_CODE;
}

const enc = encodeURIComponent;
export const dataExtractionPaths = {
  words: (fileName: string, page: number, inboxId?: number) =>
    `files?fileName=${enc(fileName)}&action=words&page=${page}${inboxId === undefined ? '' : `&InboxId=${inboxId}`}`,
};

/** The helper package that registers data extraction (Management/CheckPackages, Install). */
export const DATA_EXTRACTION_PACKAGE: HelperPackageName = 'DataExtraction';

/**
 * The scanner keeps the words it printed in the scanned TIFF itself: each page's IFD carries this
 * private tag (type UNDEFINED) holding UTF-8 JSON of `ScannedPageWords`, so the words travel with
 * the file through the upload cache, inboxes and the import (decision 030).
 */
export const SCAN_WORDS_TIFF_TAG = 65_123;
export interface ScannedPageWords {
  /** the page image in pixels, and its resolution */
  Width: number;
  Height: number;
  Dpi: number;
  /** boxes in pixels of the page image (contract/helper ScanWord) */
  Words: { Top: number; Left: number; Width: number; Height: number; Line: number; Value: string }[];
}
