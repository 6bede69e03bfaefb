// Writing a stored TIFF's pages again (burst, page rotation): each page is decoded and encoded alone
// by sharp (bilevel pages stay G4, others LZW, each keeps its resolution), one of them turned when
// asked, and the pages are chained with their own sizes (tiffPages.ts), so a page turned a quarter
// is landscape and pages of several sizes are not padded to one. The scanned words of each page
// (decision 030) follow it into the new file, turned with the page (decision 040).
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { turnWords, withPageWords } from '../../dataExtraction/services/wordsCarry';
import { tiffWordsOfPages } from '../../dataExtraction/services/tiffWords';
import { joinTiffPages } from './tiffPages';

async function encodeTiffPage(file: string, index: number, turn: number): Promise<Buffer> {
  const meta = await sharp(file, { page: index }).metadata();
  let image = sharp(file, { page: index });
  if (turn) image = image.rotate(turn);
  // the scan's resolution sizes the page when it is printed or merged into a PDF (tiff takes px/mm)
  const res = meta.density ? { xres: meta.density / 25.4, yres: meta.density / 25.4 } : {};
  if (meta.bitsPerSample === 1)
    return image
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1, ...res })
      .toBuffer();
  return image.tiff({ compression: 'lzw', ...res }).toBuffer();
}

export interface PageTurn {
  /** 1-based */
  page: number;
  /** 0, 90, 180 or 270 clockwise */
  degrees: number;
}

/** A new TIFF of pages `pages` (1-based, in this order) of `file`, with `turn` applied to its page. */
export async function tiffPagesOf(file: string, pages: number[], turn?: PageTurn): Promise<Buffer> {
  const encoded: Buffer[] = [];
  for (const page of pages)
    encoded.push(await encodeTiffPage(file, page - 1, page === turn?.page ? turn.degrees : 0));
  const sourceWords = tiffWordsOfPages(await readFile(file));
  const words = pages.map((page) => {
    const own = sourceWords[page - 1];
    return own && page === turn?.page ? turnWords(own, turn.degrees) : own;
  });
  const joined = joinTiffPages(encoded);
  return words.some((w) => w !== undefined) ? withPageWords(joined, words) : joined;
}
