// Small real PDFs and TIFFs for the test worlds, made by the libraries the simulator itself uses
// (pdf-lib; sharp and the fixtures' TIFF joiner, as the scanner makes its pages) instead of written
// by hand. A world seeds synchronously, so the few sizes it uses are made once per module graph
// when this module loads, and handed out as copies.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { joinTiffs } from '@gs/simulator-fixtures/scan/tiffJoin';

/** A PDF of `pages` pages (200 x 300 points), each with its number written on it. */
export async function makePdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 300]).drawText(`Page ${i + 1}`, { x: 20, y: 260 });
  return Buffer.from(await pdf.save());
}

/** A multi-page TIFF of `pages` small grey pages, one shade per page. */
export async function makeTiff(pages: number): Promise<Buffer> {
  const one = (shade: number) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: { r: shade, g: shade, b: shade } } })
      .greyscale()
      .tiff()
      .toBuffer();
  return joinTiffs(await Promise.all(Array.from({ length: pages }, (_, i) => one(255 - i * 20))));
}

/** How many pages the ready-made files go up to. */
export const READY_PAGES = 5;

const sizes = Array.from({ length: READY_PAGES }, (_, i) => i + 1);
const pdfs = await Promise.all(sizes.map(makePdf));
const tiffs = await Promise.all(sizes.map(makeTiff));

function ready(files: Buffer[], pages: number, kind: string): Buffer {
  const file = files[pages - 1];
  if (!file)
    throw new Error(`no ready-made ${kind} of ${pages} pages (1 to ${READY_PAGES}): use make${kind}`);
  return Buffer.from(file);
}

/** A ready-made PDF of 1 to READY_PAGES pages, for a world that seeds synchronously. */
export const pdfOf = (pages: number): Buffer => ready(pdfs, pages, 'Pdf');

/** A ready-made multi-page TIFF of 1 to READY_PAGES pages, for a world that seeds synchronously. */
export const tiffOf = (pages: number): Buffer => ready(tiffs, pages, 'Tiff');
