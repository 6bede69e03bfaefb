// What the simulator asks of PDFs, through MuPDF.js on the PDF workers (decision 035): pages as
// RGB pixels at a scale or fitted into a box, the number of pages, each page's text. Every call
// is bounded: one page per render, at most MAX_PIXELS pixels, the workers' time limit, and
// PdfError ('encrypted', 'broken', 'page', 'timeout') instead of a crash.
import { runPdfJob } from './pdfWorkers';

export { PdfError, pdfJobsRun, type PdfFailure } from './pdfWorkers';

/** Pixels of one rendered page at most (a 600-dpi A4 page is ~35 million); our design. */
export const MAX_PIXELS = 40_000_000;
/** Pages whose text one document gives to content search at most; our design. */
export const MAX_TEXT_PAGES = 500;
/** Pages read by one text job, so the time limit holds a job of a few pages, not a whole book. */
const TEXT_PAGES_PER_JOB = 25;

export interface PdfRaster {
  /** RGB, 3 bytes a pixel, rows top to bottom */
  pixels: Uint8Array;
  width: number;
  height: number;
}

export interface RenderSize {
  dpi: number;
  /** smaller than `dpi` gives, if need be, to fit into this many pixels */
  fit?: { width: number; height: number };
}

/** One 0-based page, /Rotate applied, on white, at `dpi` or smaller to fit. */
export function renderPdfPage(bytes: Uint8Array, pageIndex: number, size: RenderSize): Promise<PdfRaster> {
  return runPdfJob<PdfRaster>(bytes, {
    op: 'render',
    page: pageIndex,
    scale: size.dpi / 72,
    fit: size.fit,
    maxPixels: MAX_PIXELS,
  });
}

/** The number of pages; PdfError for an encrypted or unreadable file. */
export async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await runPdfJob<{ pages: number }>(bytes, { op: 'count' })).pages;
}

export interface RawWords {
  /** line: 1-based line of the page's structured text */
  words: { text: string; box: [number, number, number, number]; line: number }[];
  /** the page's box in the words' units (points, top-left origin, rotation applied) */
  bounds: [number, number, number, number];
}

/** The words of one 0-based page with their boxes in points. */
export function pdfRawWords(bytes: Uint8Array, pageIndex: number): Promise<RawWords> {
  return runPdfJob<RawWords>(bytes, { op: 'words', page: pageIndex });
}

/** The text of every page (up to MAX_TEXT_PAGES), a job per few pages. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const texts: string[] = [];
  let pages = 1;
  for (let from = 0; from < Math.min(pages, MAX_TEXT_PAGES); from += TEXT_PAGES_PER_JOB) {
    const count = Math.min(TEXT_PAGES_PER_JOB, MAX_TEXT_PAGES - from);
    const part = await runPdfJob<{ texts: string[]; pages: number }>(bytes, { op: 'text', from, count });
    pages = part.pages;
    texts.push(...part.texts);
  }
  return texts;
}
