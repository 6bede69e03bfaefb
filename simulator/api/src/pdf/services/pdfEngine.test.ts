// The PDF engine on PDFs our code did not make (testdata/, made once by scripts/makePdfFixtures.ts):
// a page printed by Chromium (embedded web font, CSS gradient, clipped image, table), a print of
// four pages of three sizes, two of them turned by /Rotate, the print encrypted, the print cut in
// half. Every drawn page is compared with the same page drawn once by pdf.js (the committed
// *.pN.png, decision 035) within a small tolerance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfError, pdfPageTexts, pdfPages, renderPdfPage, type PdfRaster } from './pdfEngine';
import { runPdfJob } from './pdfWorkers';

const data = (name: string): Buffer => readFileSync(join(import.meta.dirname, 'testdata', name));

/**
 * The share of pixels whose colour differs from the reference by more than `threshold` in some
 * channel, after a light blur of both (anti-aliasing differs between engines at glyph edges).
 * MuPDF rounds a fractional page size up, pdf.js to the nearest: one pixel more is allowed.
 */
async function differingShare(page: PdfRaster, referencePng: Buffer, threshold = 40): Promise<number> {
  const ref = await sharp(referencePng).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const [width, height] = [ref.info.width, ref.info.height];
  expect(page.width - width).toBeGreaterThanOrEqual(0);
  expect(page.width - width).toBeLessThanOrEqual(1);
  expect(page.height - height).toBeGreaterThanOrEqual(0);
  expect(page.height - height).toBeLessThanOrEqual(1);
  const blur = (s: ReturnType<typeof sharp>) => s.blur(1).raw().toBuffer();
  const [a, b] = await Promise.all([
    blur(
      sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 3 } }).extract({
        left: 0,
        top: 0,
        width,
        height,
      }),
    ),
    blur(sharp(ref.data, { raw: { width, height, channels: 3 } })),
  ]);
  let differing = 0;
  for (let i = 0; i < a.length; i += 3)
    if (
      Math.abs(a[i]! - b[i]!) > threshold ||
      Math.abs(a[i + 1]! - b[i + 1]!) > threshold ||
      Math.abs(a[i + 2]! - b[i + 2]!) > threshold
    )
      differing++;
  return differing / (a.length / 3);
}

const failure = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'drawn',
    (e: unknown) => (e instanceof PdfError ? e.reason : String(e)),
  );

describe('the PDF engine (MuPDF) on PDFs printed by Chromium', () => {
  it('draws the printed page like pdf.js does: web font, gradient, clipped image and table', async () => {
    const page = await renderPdfPage(data('chromium-print.pdf'), 0, { dpi: 72 });
    const share = await differingShare(page, data('chromium-print.p1.png'));
    console.log(`chromium-print page 1: ${(share * 100).toFixed(2)} % of pixels differ from pdf.js`);
    expect(share).toBeLessThan(0.01);
    // the comparison tells pages apart: the same size, another page
    expect(await differingShare(page, data('mixed-pages.p4.png'))).toBeGreaterThan(0.05);
    // the gradient is drawn: blue at its left end, amber at its right (not one flat colour)
    const at = (x: number, y: number) => [
      ...page.pixels.subarray((y * page.width + x) * 3, (y * page.width + x) * 3 + 3),
    ];
    const [left, right] = [at(60, 130), at(535, 130)];
    expect(left[2]).toBeGreaterThan(left[0]! + 80);
    expect(right[0]).toBeGreaterThan(right[2]! + 80);
  });

  it('draws pages of mixed sizes and rotations at their shown size, each like pdf.js', async () => {
    const bytes = data('mixed-pages.pdf');
    expect(await pdfPages(bytes)).toBe(4);
    const sizes: [number, number][] = [];
    for (let p = 0; p < 4; p++) {
      const page = await renderPdfPage(bytes, p, { dpi: 72 });
      sizes.push([page.width, page.height]);
      const share = await differingShare(page, data(`mixed-pages.p${p + 1}.png`));
      console.log(`mixed-pages page ${p + 1}: ${(share * 100).toFixed(2)} % of pixels differ from pdf.js`);
      expect(share).toBeLessThan(0.01);
    }
    // A4; A4 landscape turned a quarter (portrait again); 120x160 mm turned half; A4
    expect(sizes).toEqual([
      [595, 842],
      [595, 842],
      [341, 455],
      [595, 842],
    ]);
  });

  it('fits a page into a box and keeps to the asked resolution otherwise', async () => {
    const bytes = data('mixed-pages.pdf');
    const thumb = await renderPdfPage(bytes, 2, { dpi: 300, fit: { width: 150, height: 150 } });
    expect([thumb.width, thumb.height]).toEqual([113, 150]);
    const page = await renderPdfPage(bytes, 0, { dpi: 150 });
    expect([page.width, page.height]).toEqual([1240, 1754]);
  });

  it('reads the text of every page', async () => {
    const texts = await pdfPageTexts(data('mixed-pages.pdf'));
    expect(texts).toHaveLength(4);
    expect(texts[0]).toMatch(/Quarterly statement of Quokkaberries/);
    expect(texts[0]).toMatch(/Contoso Pharmaceuticals/);
    expect(texts[1]).toMatch(/Landscape page two/);
    expect(texts[3]).toMatch(/Portrait page four/);
  });
});

describe('PDFs that cannot be drawn answer cleanly', () => {
  it('names an encrypted PDF, a truncated one and a page that is not there', async () => {
    expect(await failure(renderPdfPage(data('encrypted.pdf'), 0, { dpi: 72 }))).toBe('encrypted');
    expect(await failure(pdfPageTexts(data('encrypted.pdf')))).toBe('encrypted');
    expect(await failure(renderPdfPage(data('truncated.pdf'), 0, { dpi: 72 }))).toBe('broken');
    expect(await failure(pdfPages(Buffer.from('not a PDF at all')))).toBe('broken');
    expect(await failure(renderPdfPage(data('chromium-print.pdf'), 1, { dpi: 72 }))).toBe('page');
    // the workers are fine afterwards
    expect((await renderPdfPage(data('chromium-print.pdf'), 0, { dpi: 36 })).width).toBe(298);
  });

  it('stops a job at the time limit and draws the next one on a fresh worker', async () => {
    const bytes = data('chromium-print.pdf');
    const job = { op: 'render', page: 0, scale: 600 / 72, maxPixels: 40_000_000 } as const;
    expect(await failure(runPdfJob(bytes, job, 1))).toBe('timeout');
    expect((await renderPdfPage(bytes, 0, { dpi: 36 })).width).toBe(298);
  });
});
