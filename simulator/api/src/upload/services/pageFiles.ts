// Pages of a cache file for the indexing view: how many, one page as PNG (TIFF in 8-bit grey, PDF
// drawn by MuPDF on the PDF workers (pdf/pdfEngine.ts), images as they are), and bursting (a new
// cache file with only the requested pages: TIFF pages encoded again with their scanned words kept
// (tiffRewrite.ts, decision 040), PDF through pdf-lib copyPages). The optional `deletePages` takes
// them out of the source, which keeps the words of the pages it keeps.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { type DomainError, invalid, unprocessable } from '../../domain/errors';
import { isPdf, isTiff, newCacheName, pageCount } from '../../files/services/fileStore';
import { PdfError, renderPdfPage } from '../../pdf/services/pdfEngine';
import { tiffPagesOf } from '../../files/services/tiffRewrite';

const IMAGE = /^\.(jpe?g|png|gif|bmp|webp)$/i;

export const pageMessages = {
  notImage: 'Only TIFF, PDF and image files can be rendered.',
  burstEdoc: 'Only TIFF or PDF documents can be burst.',
  noPages: 'Select the pages to burst.',
  removeAll: 'Bursting cannot remove every page of the document.',
  outOfRange: (n: number, count: number) => `Page ${n} is not a page of the document (1 to ${count}).`,
  encrypted: 'The PDF is encrypted with a password; its pages cannot be drawn.',
  broken: 'The PDF is damaged; this page cannot be drawn.',
  timeout: 'Drawing this PDF page took too long; it was stopped.',
};

const bad = (message: string): DomainError => invalid(message);

/**
 * A page that cannot be drawn (our design, decision 036): 422 with a Message, never a 5xx. The file is as it
 * was stored; the request was fine, the document is not.
 */
function undrawable(error: unknown, page: number, count: number): DomainError {
  if (!(error instanceof PdfError)) throw error;
  if (error.reason === 'page') return bad(pageMessages.outOfRange(page, count));
  const message =
    error.reason === 'encrypted'
      ? pageMessages.encrypted
      : error.reason === 'timeout'
        ? pageMessages.timeout
        : pageMessages.broken;
  return unprocessable(message);
}

/** PDF pages are drawn at 150 dpi at most. */
const PDF_RENDER_DPI = 150;

/**
 * One 1-based page as PNG: TIFF pages in 8-bit grey, PDF pages in colour, other images as they
 * are. A PDF page is drawn at 150 dpi, or narrower to fit `maxWidth` pixels (the viewer's zoom).
 */
export async function renderPage(file: string, page: number, maxWidth?: number): Promise<Buffer> {
  const ext = extname(file);
  if (IMAGE.test(ext)) return sharp(file).png().toBuffer();
  if (!isTiff(ext) && !isPdf(ext)) throw bad(pageMessages.notImage);
  if (isPdf(ext)) {
    // no count first (decision 062): the worker that draws the page checks it, and names the count
    const bytes = await readFile(file);
    const fit = maxWidth ? { width: maxWidth, height: Infinity } : undefined;
    const drawn = await renderPdfPage(bytes, page - 1, { dpi: PDF_RENDER_DPI, fit }).catch((e: unknown) => {
      throw undrawable(e, page, e instanceof PdfError ? Number(e.detail) : 0);
    });
    return sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 3 } })
      .png()
      .toBuffer();
  }
  const count = await pageCount(file);
  if (page < 1 || page > count) throw bad(pageMessages.outOfRange(page, count));
  return sharp(file, { page: page - 1 })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

async function pdfOf(source: PDFDocument, pages: number[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const page of await out.copyPages(
    source,
    pages.map((p) => p - 1),
  ))
    out.addPage(page);
  return Buffer.from(await out.save());
}

export interface BurstResult {
  name: string;
  pages: number;
}

/** The requested pages as a new file beside `file`; with `deletePages` the source loses them. */
export async function burst(file: string, requested: number[], deletePages: boolean): Promise<BurstResult> {
  const ext = extname(file).toLowerCase();
  if (!isTiff(ext) && !isPdf(ext)) throw bad(pageMessages.burstEdoc);
  const pages = [...new Set(requested)].sort((a, b) => a - b);
  if (pages.length === 0) throw bad(pageMessages.noPages);
  const count = await pageCount(file);
  const outside = pages.find((p) => p < 1 || p > count);
  if (outside !== undefined) throw bad(pageMessages.outOfRange(outside, count));
  const rest = Array.from({ length: count }, (_, i) => i + 1).filter((p) => !pages.includes(p));
  if (deletePages && rest.length === 0) throw bad(pageMessages.removeAll);
  const pdf = isPdf(ext)
    ? await PDFDocument.load(await readFile(file), { ignoreEncryption: true })
    : undefined;
  const make = (list: number[]): Promise<Buffer> => (pdf ? pdfOf(pdf, list) : tiffPagesOf(file, list));
  const name = newCacheName(`burst${ext}`);
  await writeFile(join(file, '..', name), await make(pages));
  if (deletePages) {
    // the shortened source is written aside and renamed over the original in one step
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, await make(rest));
    await rename(partial, file);
  }
  return { name, pages: pages.length };
}
