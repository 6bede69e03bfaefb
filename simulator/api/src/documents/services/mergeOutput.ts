// The file a merge or append writes: a PDF (pdfMerge.ts) or, when the base document is a TIFF, a
// multi-page TIFF. TIFF pages come from every source page rendered to an image (PDF pages through
// the page renderer, TIFF and image pages as they are), each fitted on white to the first page's
// size (sharp joins frames of one size), bilevel G4 when the first source is bilevel, else LZW.
// Each page keeps its words, fitted with it: a scanned page's words, a PDF page's text layer as
// words, so KeyFree and content search still find them in the TIFF (decision 040).
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { ScannedPageWords } from '@gs/contract/dataExtraction';
import { invalid } from '../../domain/errors';
import { tiffWordsOfPages } from '../../dataExtraction/services/tiffWords';
import { fitWords, withPageWords } from '../../dataExtraction/services/wordsCarry';
import { isPdf, isTiff, pageCount } from '../../files/services/fileStore';
import { renderPage } from '../../upload/services/pageFiles';
import { pdfPageWords } from '../../pdf/services/textWords';
import { mergeToPdf, type MergeSource } from '../../pdf/services/pdfMerge';
import { log } from '../../log';

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

interface Frame {
  png: Buffer;
  /** the words on the page, in the page image's pixels or its own units (decision 040) */
  words: ScannedPageWords | undefined;
}

/**
 * A PDF page's text-layer words as scanned words of its drawn image; undefined when it has none,
 * or when they cannot be read: the page is still merged, without words, and the failure logged.
 */
async function pdfWordsOf(
  file: string,
  bytes: Uint8Array,
  index: number,
): Promise<ScannedPageWords | undefined> {
  const read = await pdfPageWords(bytes, index).catch((error: unknown) => {
    log.warn(
      `Merge: the words of page ${index + 1} of ${file} could not be read; merged without them`,
      error,
    );
    return undefined;
  });
  if (!read || read.Words.length === 0) return undefined;
  const { Width, Height } = read;
  return {
    Width,
    Height,
    Dpi: 72,
    Words: read.Words.map((w) => ({
      ...w,
      Left: w.Left * Width,
      Top: w.Top * Height,
      Width: w.Width * Width,
      Height: w.Height * Height,
    })),
  };
}

async function framesOf(source: MergeSource): Promise<Frame[]> {
  if (isPdf(source.type) || isTiff(source.type)) {
    const count = await pageCount(source.file);
    const bytes = await readFile(source.file);
    const scanned = isTiff(source.type) ? tiffWordsOfPages(bytes) : [];
    const frames: Frame[] = [];
    // renderPage reads the type from the file name (stored files keep their extension)
    for (let page = 1; page <= count; page++)
      frames.push({
        png: await renderPage(source.file, page),
        words: isPdf(source.type) ? await pdfWordsOf(source.file, bytes, page - 1) : scanned[page - 1],
      });
    return frames;
  }
  const count = (await sharp(source.file).metadata()).pages ?? 1;
  const frames: Frame[] = [];
  for (let page = 0; page < count; page++)
    frames.push({ png: await sharp(source.file, { page }).png().toBuffer(), words: undefined });
  return frames;
}

export async function mergeToTiff(sources: MergeSource[]): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdfPages = await Promise.all(sources.filter((s) => isPdf(s.type)).map((s) => pageCount(s.file)));
  const drawn = pdfPages.reduce((a, b) => a + b, 0);
  if (drawn > MAX_MERGE_DRAWN_PAGES)
    throw invalid(
      `A merge into a TIFF draws at most ${MAX_MERGE_DRAWN_PAGES} PDF pages; these documents have ${drawn}.`,
    );
  const frames = (await Promise.all(sources.map(framesOf))).flat();
  const [first] = frames;
  if (!first || !sources[0]) throw new Error('nothing to merge');
  const { width = 1, height = 1 } = await sharp(first.png).metadata();
  const bilevel = isTiff(sources[0].type) && (await sharp(sources[0].file).metadata()).bitsPerSample === 1;
  const words = await Promise.all(
    frames.map(async ({ png, words: own }) => {
      if (!own) return undefined;
      const frame = await sharp(png).metadata();
      return fitWords(own, { width: frame.width ?? 1, height: frame.height ?? 1 }, { width, height });
    }),
  );
  const fitted = await Promise.all(
    frames.map(({ png }) =>
      sharp(png)
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
  return { bytes: words.some(Boolean) ? withPageWords(bytes, words) : bytes, pages: fitted.length };
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
