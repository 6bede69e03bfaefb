// pdfPageWords: the words of a page with page-relative boxes (0..1 from the top-left corner of
// the page as shown), for the data-extraction tool.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfError } from './pdfEngine';
import type { PageWord } from '@gs/contract/dataExtraction';
import { pdfPageWords } from './textWords';

const data = (name: string): Buffer => readFileSync(join(import.meta.dirname, 'testdata', name));
const word = (words: PageWord[], text: string): PageWord => {
  const found = words.find((w) => w.Value === text);
  if (!found) throw new Error(`no word '${text}' among ${words.map((w) => w.Value).join(' ')}`);
  return found;
};

describe('pdfPageWords', () => {
  it('gives each word of a Chromium-printed page with its box, in reading order', async () => {
    const { Words: words, Width, Height } = await pdfPageWords(data('chromium-print.pdf'), 0);
    // an A4 page in points
    expect(Math.round(Width)).toBe(595);
    expect(Math.round(Height)).toBe(842);
    expect(words.slice(0, 4).map((w) => w.Value)).toEqual(['Quarterly', 'statement', 'of', 'Quokkaberries']);
    for (const w of words) {
      for (const v of [w.Left, w.Top, w.Width, w.Height]) expect(v).toBeGreaterThanOrEqual(0);
      expect(w.Left + w.Width).toBeLessThanOrEqual(1);
      expect(w.Top + w.Height).toBeLessThanOrEqual(1);
    }
    // the heading is near the top (30 px text 15 mm down an A4 page), left to right
    const title = word(words, 'Quokkaberries');
    expect(title.Top).toBeGreaterThan(0.05);
    expect(title.Top).toBeLessThan(0.1);
    expect(title.Left).toBeGreaterThan(word(words, 'statement').Left);
    // table cells: one row shares its line, the next row is below it
    const a = word(words, 'INV-1001');
    const b = word(words, 'INV-1002');
    expect(word(words, '1,250.00').Top).toBeCloseTo(a.Top, 2);
    expect(b.Top).toBeGreaterThan(a.Top + a.Height * 0.9);
    // lines are numbered in MuPDF's reading order (a table cell is a line of its own)
    expect(a.Line).toBeGreaterThan(0);
    expect(a.Left).toBeCloseTo(b.Left, 3);
  });

  it('turns the boxes with the page: a quarter-turned landscape page reads top to bottom', async () => {
    const { Words: words } = await pdfPageWords(data('mixed-pages.pdf'), 1);
    const [first, second] = [word(words, 'Landscape'), word(words, 'page')];
    // the text runs down the right edge of the page as shown
    expect(first.Left).toBeGreaterThan(0.8);
    expect(first.Height).toBeGreaterThan(first.Width);
    expect(second.Top).toBeGreaterThan(first.Top + first.Height * 0.9);
  });

  it('rejects an encrypted PDF and a page that is not there with PdfError', async () => {
    await expect(pdfPageWords(data('encrypted.pdf'), 0)).rejects.toMatchObject({ reason: 'encrypted' });
    await expect(pdfPageWords(data('chromium-print.pdf'), 3)).rejects.toBeInstanceOf(PdfError);
  });
});
