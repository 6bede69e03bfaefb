// The words writer and the box moves of decision 040, on hand-made TIFFs of either byte order.
import { describe, expect, it } from 'vitest';
import { SCAN_WORDS_TIFF_TAG, type ScannedPageWords } from '@gs/contract/dataExtraction';
import { classicTiffLittleEndian, readIfdEntry } from '../../files/services/tiffFormat';
import { tiffWordsOfPages } from './tiffWords';
import { fitWords, turnWords, withPageWords } from './wordsCarry';

/** A TIFF of `pages` IFDs with one entry each (ImageWidth = 100 + page), no image data. */
function bareTiff(pages: number, little: boolean): Uint8Array {
  const ifdSize = 2 + 12 + 4;
  const bytes = new Uint8Array(8 + pages * ifdSize);
  const dv = new DataView(bytes.buffer);
  bytes.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
  dv.setUint16(2, 42, little);
  dv.setUint32(4, 8, little);
  for (let p = 0; p < pages; p++) {
    const at = 8 + p * ifdSize;
    dv.setUint16(at, 1, little);
    dv.setUint16(at + 2, 256, little);
    dv.setUint16(at + 4, 3, little);
    dv.setUint32(at + 6, 1, little);
    dv.setUint16(at + 10, 100 + p, little);
    dv.setUint32(at + 14, p + 1 < pages ? at + ifdSize : 0, little);
  }
  return bytes;
}

/** The tags of every page, read by walking the chain. */
function tagsOf(bytes: Uint8Array): number[][] {
  const little = classicTiffLittleEndian(bytes);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pages: number[][] = [];
  for (let at = dv.getUint32(4, little); at !== 0;) {
    const count = dv.getUint16(at, little);
    pages.push(Array.from({ length: count }, (_, i) => readIfdEntry(dv, little, at + 2 + i * 12).tag));
    at = dv.getUint32(at + 2 + count * 12, little);
  }
  return pages;
}

const page = (value: string): ScannedPageWords => ({
  Width: 200,
  Height: 100,
  Dpi: 200,
  Words: [{ Left: 10, Top: 20, Width: 30, Height: 5, Line: 1, Value: value }],
});

describe('withPageWords', () => {
  for (const little of [true, false])
    it(`writes words into the chosen pages of a ${little ? 'little' : 'big'}-endian TIFF`, () => {
      const out = withPageWords(bareTiff(3, little), [undefined, page('two'), page('three')]);
      expect(tiffWordsOfPages(out)).toEqual([undefined, page('two'), page('three')]);
      expect(tagsOf(out)).toEqual([[256], [256, SCAN_WORDS_TIFF_TAG], [256, SCAN_WORDS_TIFF_TAG]]);
      // the other entries are copied as they were
      const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
      const second = dv.getUint32(8 + 14, little);
      expect(readIfdEntry(dv, little, second + 2)).toMatchObject({ tag: 256, count: 1 });
      expect(dv.getUint16(second + 2 + 8, little)).toBe(101);
    });

  it('replaces words a page had, with one entry', () => {
    const once = withPageWords(bareTiff(2, true), [page('old'), undefined]);
    const twice = withPageWords(once, [page('new'), page('more')]);
    expect(tiffWordsOfPages(twice)).toEqual([page('new'), page('more')]);
    expect(tagsOf(twice)).toEqual([
      [256, SCAN_WORDS_TIFF_TAG],
      [256, SCAN_WORDS_TIFF_TAG],
    ]);
  });

  it('refuses what is not a TIFF, and a chain that runs in a loop', () => {
    expect(() => withPageWords(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), [page('x')])).toThrow();
    const loop = bareTiff(2, true);
    new DataView(loop.buffer).setUint32(8 + 18 + 14, 8, true);
    expect(() => withPageWords(loop, [page('x')])).toThrow(/loop/);
  });
});

describe('turnWords and fitWords', () => {
  it('turns a box with its page, and four quarter turns give it back', () => {
    const p = page('w');
    expect(turnWords(p, 90)).toMatchObject({
      Width: 100,
      Height: 200,
      Words: [{ Left: 75, Top: 10, Width: 5, Height: 30 }],
    });
    expect(turnWords(p, 180).Words[0]).toMatchObject({ Left: 160, Top: 75, Width: 30, Height: 5 });
    expect(turnWords(p, 270).Words[0]).toMatchObject({ Left: 20, Top: 160, Width: 5, Height: 30 });
    expect(turnWords(turnWords(turnWords(turnWords(p, 90), 90), 90), 90)).toEqual(p);
    expect(turnWords(turnWords(p, 90), 270)).toEqual(p);
  });

  it('fits a box into a bigger page, scaled and centred', () => {
    // a 200 x 100 page drawn 400 x 200 and fitted into 400 x 400: twice as big, 100 px down
    const fitted = fitWords(page('w'), { width: 400, height: 200 }, { width: 400, height: 400 });
    expect(fitted).toMatchObject({ Width: 400, Height: 400, Dpi: 400 });
    expect(fitted.Words[0]).toMatchObject({ Left: 20, Top: 140, Width: 60, Height: 10 });
  });
});
