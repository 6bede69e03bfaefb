// The file a merge or append writes: a PDF (pdfMerge.ts) or, when the base document is a TIFF, a
// multi-page TIFF. TIFF pages come from every source page rendered to an image (PDF pages through
// the page renderer, TIFF and image pages as they are), each fitted on white to the first page's
// size (sharp joins frames of one size), bilevel G4 when the first source is bilevel, else LZW.
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { isPdf, isTiff, pageCount } from './fileStore';
import { renderPage } from './pageFiles';
import { mergeToPdf, type MergeSource } from './pdfMerge';

export type MergeFormat = 'pdf' | 'tiff';

/** PDF pages one merge into a TIFF draws at most (our design, decision 036). */
export const MAX_MERGE_DRAWN_PAGES = 300;

export interface MergedFile {
  bytes: Uint8Array;
  pages: number;
  /** extension with its dot */
  type: '.pdf' | '.tif';
}

/** TIFF output for a TIFF base, PDF for anything else. */
export const formatFor = (baseType: string): MergeFormat => (isTiff(baseType) ? 'tiff' : 'pdf');

async function framesOf(source: MergeSource): Promise<Buffer[]> {
  if (isPdf(source.type) || isTiff(source.type)) {
    const count = await pageCount(source.file);
    const frames: Buffer[] = [];
    // renderPage reads the type from the file name (stored files keep their extension)
    for (let page = 1; page <= count; page++) frames.push(await renderPage(source.file, page));
    return frames;
  }
  const count = (await sharp(source.file).metadata()).pages ?? 1;
  const frames: Buffer[] = [];
  for (let page = 0; page < count; page++) frames.push(await sharp(source.file, { page }).png().toBuffer());
  return frames;
}

export async function mergeToTiff(sources: MergeSource[]): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdfPages = await Promise.all(sources.filter((s) => isPdf(s.type)).map((s) => pageCount(s.file)));
  const drawn = pdfPages.reduce((a, b) => a + b, 0);
  if (drawn > MAX_MERGE_DRAWN_PAGES)
    throw new HttpError(400, {
      Message: `A merge into a TIFF draws at most ${MAX_MERGE_DRAWN_PAGES} PDF pages; these documents have ${drawn}.`,
    });
  const frames = (await Promise.all(sources.map(framesOf))).flat();
  const [first] = frames;
  if (!first || !sources[0]) throw new Error('nothing to merge');
  const { width = 1, height = 1 } = await sharp(first).metadata();
  const bilevel = isTiff(sources[0].type) && (await sharp(sources[0].file).metadata()).bitsPerSample === 1;
  const fitted = await Promise.all(
    frames.map((frame) =>
      sharp(frame)
        .resize(width, height, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer(),
    ),
  );
  const joined = fitted.length === 1 ? sharp(fitted[0]) : sharp(fitted, { join: { animated: true } });
  const bytes = bilevel
    ? await joined.toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer()
    : await joined.tiff({ compression: 'lzw' }).toBuffer();
  return { bytes, pages: fitted.length };
}

/** How many pages a source gives a merge (a PDF's pages, an image's frames). */
export async function sourcePages(source: MergeSource): Promise<number> {
  if (isPdf(source.type))
    return (await PDFDocument.load(await readFile(source.file), { ignoreEncryption: true })).getPageCount();
  return (await sharp(source.file).metadata()).pages ?? 1;
}

export async function mergeFiles(sources: MergeSource[], format: MergeFormat): Promise<MergedFile> {
  if (format === 'tiff') return { ...(await mergeToTiff(sources)), type: '.tif' };
  return { ...(await mergeToPdf(sources)), type: '.pdf' };
}
