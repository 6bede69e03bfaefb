// The data-extraction page request's answer (contract/dataExtraction.ts, decision 030): the words
// of one page of a file with their boxes in page-relative units. Scanned TIFF pages: the words the
// helper printed, kept in the page (tiffWords.ts). PDFs: the text layer, read by the PDF engine's
// `pdfPageWords(bytes, pageIndex)` (pdf/services/textWords.ts, issue 19); a PDF without text, or
// one that cannot be read (encrypted, damaged), has none. Other images have none
// (ERROR_NO_KFI_WORDS).
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  NO_KFI_WORDS_CODE,
  NO_KFI_WORDS_MESSAGE,
  type NoKfiWordsBody,
  type PageWord,
  type PageWordsResponse,
} from '@gs/contract/dataExtraction';
import { type DomainError, invalid, notFound } from '../../domain/errors';
import { isPdf, isTiff, pageCount } from '../../files/services/fileStore';
import { pageMessages } from '../../upload/services/pageFiles';
import { PdfError } from '../../pdf/services/pdfEngine';
import { UnreadablePdf } from '../../pdf/services/pageCounts';
import { pdfPageWords } from '../../pdf/services/textWords';
import { tiffPageWords } from './tiffWords';

const noWords = (): DomainError =>
  notFound(NO_KFI_WORDS_MESSAGE, { Code: NO_KFI_WORDS_CODE } satisfies Omit<NoKfiWordsBody, 'Message'>);

const clamp01 = (n: number): number => Math.min(1, Math.max(0, n));
const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/** Boxes in pixels of a width × height image as page-relative boxes, clipped to the page. */
export function relativeWords(
  words: readonly { Top: number; Left: number; Width: number; Height: number; Line: number; Value: string }[],
  width: number,
  height: number,
): PageWord[] {
  return words
    .filter((w) => w.Value.trim() !== '')
    .map((w) => {
      const left = clamp01(w.Left / width);
      const top = clamp01(w.Top / height);
      return {
        Value: w.Value,
        Left: round(left),
        Top: round(top),
        Width: round(clamp01((w.Left + w.Width) / width) - left),
        Height: round(clamp01((w.Top + w.Height) / height) - top),
        Line: w.Line,
      };
    });
}

/** The words of page `page` (1-based) of the file; 400 out of range, 404 NoKfiWords when none. */
export async function pageWords(file: string, page: number): Promise<PageWordsResponse> {
  const count = await pageCount(file).catch((error: unknown) => {
    // a PDF MuPDF cannot read has no words to give (decision 062)
    throw error instanceof UnreadablePdf ? noWords() : error;
  });
  if (!Number.isInteger(page) || page < 1 || page > count)
    throw invalid(pageMessages.outOfRange(page, count));
  if (isPdf(extname(file))) return pdfWords(file, page);
  if (!isTiff(extname(file))) throw noWords();
  const scanned = tiffPageWords(await readFile(file), page - 1);
  if (!scanned || scanned.Words.length === 0) throw noWords();
  return {
    Page: page,
    Width: scanned.Width,
    Height: scanned.Height,
    Words: relativeWords(scanned.Words, scanned.Width, scanned.Height),
  };
}

async function pdfWords(file: string, page: number): Promise<PageWordsResponse> {
  const read = await pdfPageWords(await readFile(file), page - 1).catch((e: unknown) => {
    if (e instanceof PdfError) throw noWords();
    throw e;
  });
  const words = read.Words.filter((w) => w.Value.trim() !== '');
  if (words.length === 0) throw noWords();
  return { Page: page, Width: read.Width, Height: read.Height, Words: words };
}
