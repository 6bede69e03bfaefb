// pdfPageWords: the words of a page with page-relative boxes (0..1 from the top-left corner of
// the page as shown), for the data-extraction tool.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfError } from './pdfEngine';
import { pdfPageWords, type PageWord } from './textWords';

const data = (name: string): Buffer => readFileSync(join(import.meta.dirname, 'testdata', name));
const word = (words: PageWord[], text: string): PageWord => {
  const found = words.find((w) => w.Text === text);
  if (!found) throw new Error(`no word '${text}' among ${words.map((w) => w.Text).join(' ')}`);
  return found;
};

describe('pdfPageWords', () => {
  it('gives each word of a Chromium-printed page with its box, in reading order', async () => {
    const words = await pdfPageWords(data('chromium-print.pdf'), 0);
    expect(words.slice(0, 4).map((w) => w.Text)).toEqual(['Quarterly', 'statement', 'of', 'Quokkaberries']);
    for (const w of words) {
      for (const v of [w.X, w.Y, w.Width, w.Height]) expect(v).toBeGreaterThanOrEqual(0);
      expect(w.X + w.Width).toBeLessThanOrEqual(1);
      expect(w.Y + w.Height).toBeLessThanOrEqual(1);
    }
    // the heading is near the top (30 px text 15 mm down an A4 page), left to right
    const title = word(words, 'Quokkaberries');
    expect(title.Y).toBeGreaterThan(0.05);
    expect(title.Y).toBeLessThan(0.1);
    expect(title.X).toBeGreaterThan(word(words, 'statement').X);
    // table cells: one row shares its line, the next row is below it
    const a = word(words, 'INV-1001');
    const b = word(words, 'INV-1002');
    expect(word(words, '1,250.00').Y).toBeCloseTo(a.Y, 2);
    expect(b.Y).toBeGreaterThan(a.Y + a.Height * 0.9);
    expect(a.X).toBeCloseTo(b.X, 3);
  });

  it('turns the boxes with the page: a quarter-turned landscape page reads top to bottom', async () => {
    const words = await pdfPageWords(data('mixed-pages.pdf'), 1);
    const [first, second] = [word(words, 'Landscape'), word(words, 'page')];
    // the text runs down the right edge of the page as shown
    expect(first.X).toBeGreaterThan(0.8);
    expect(first.Height).toBeGreaterThan(first.Width);
    expect(second.Y).toBeGreaterThan(first.Y + first.Height * 0.9);
  });

  it('rejects an encrypted PDF and a page that is not there with PdfError', async () => {
    await expect(pdfPageWords(data('encrypted.pdf'), 0)).rejects.toMatchObject({ reason: 'encrypted' });
    await expect(pdfPageWords(data('chromium-print.pdf'), 3)).rejects.toBeInstanceOf(PdfError);
  });
});
