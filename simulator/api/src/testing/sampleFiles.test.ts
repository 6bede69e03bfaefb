import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfOf, READY_PAGES, tiffOf } from './sampleFiles';

describe('the test worlds’ ready-made files', () => {
  it('are PDFs and multi-page TIFFs of the pages asked for, each a copy of its own', async () => {
    for (const pages of [1, 3, READY_PAGES]) {
      expect((await PDFDocument.load(pdfOf(pages))).getPageCount()).toBe(pages);
      const tiff = await sharp(tiffOf(pages)).metadata();
      expect([tiff.format, tiff.pages ?? 1]).toEqual(['tiff', pages]);
    }
    const one = pdfOf(2);
    one.fill(0);
    expect((await PDFDocument.load(pdfOf(2))).getPageCount()).toBe(2);
  });

  it('refuses a size it has not made, naming the way to make it', () => {
    expect(() => tiffOf(READY_PAGES + 1)).toThrow(/makeTiff/);
  });
});
