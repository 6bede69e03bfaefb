// The pages of several files as one PDF, in order: the pages of PDFs copied as they are, every
// page of TIFF and other images drawn on a page of the image's size (at its resolution), a scanned
// TIFF page with its words as an invisible text layer (pdfWordsLayer.ts, decision 040).
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import sharp from 'sharp';
import { tiffWordsOfPages } from '../../dataExtraction/services/tiffWords';
import { isTiff } from '../../files/services/fileStore';
import { writeWordsLayer } from '../../dataExtraction/services/pdfWordsLayer';

/** File types a merge can take pages from (with the dot, lowercase). */
export const MERGEABLE_TYPES = new Set(['.pdf', '.tif', '.tiff', '.jpg', '.jpeg', '.png', '.gif', '.bmp']);
/** File types the first document of a merge may have. */
export const MERGE_BASE_TYPES = new Set(['.pdf', '.tif', '.tiff']);

export interface MergeSource {
  file: string;
  /** extension with its dot */
  type: string;
}

const POINTS_PER_INCH = 72;

async function addPdf(out: PDFDocument, file: string): Promise<void> {
  const source = await PDFDocument.load(await readFile(file), { ignoreEncryption: true });
  const pages = await out.copyPages(source, source.getPageIndices());
  for (const page of pages) out.addPage(page);
}

async function addImage(out: PDFDocument, file: string, type: string, fonts: Fonts): Promise<void> {
  const meta = await sharp(file).metadata();
  const count = meta.pages ?? 1;
  const scanned = isTiff(type) ? tiffWordsOfPages(await readFile(file)) : [];
  for (let page = 0; page < count; page++) {
    const image = sharp(file, { page });
    const { width = 1, height = 1, density } = await image.metadata();
    const png = await image.png().toBuffer();
    const scale = POINTS_PER_INCH / (density && density > 0 ? density : POINTS_PER_INCH);
    const embedded = await out.embedPng(png);
    const target = out.addPage([width * scale, height * scale]);
    target.drawImage(embedded, { x: 0, y: 0, width: width * scale, height: height * scale });
    const words = scanned[page];
    if (words?.Words.length) writeWordsLayer(target, await fonts.text(), words);
  }
}

/** The font of the words layers, embedded once a document and only when a page has words. */
interface Fonts {
  text(): Promise<PDFFont>;
}
const fontsOf = (out: PDFDocument): Fonts => {
  let font: Promise<PDFFont> | undefined;
  return { text: () => (font ??= out.embedFont(StandardFonts.Helvetica)) };
};

/** The merged PDF's bytes and page count. */
export async function mergeToPdf(sources: MergeSource[]): Promise<{ bytes: Uint8Array; pages: number }> {
  const out = await PDFDocument.create();
  const fonts = fontsOf(out);
  for (const source of sources) {
    if (source.type === '.pdf') await addPdf(out, source.file);
    else await addImage(out, source.file, source.type, fonts);
  }
  return { bytes: await out.save(), pages: out.getPageCount() };
}
