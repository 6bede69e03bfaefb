// Word-box tests (issue 15): for pages the helper's scanner generates, every index value printed on
// a page is found among the words the data-extraction request answers for the uploaded file, as a
// word or a run of words of one line, and the run's box lies on the value's printed ink. The ink
// is found independently of the words: the page drawn again without the value's text, and the
// pixels that changed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageWord } from '@gs/contract/dataExtraction';
import { ScanService } from '@gs/simulator-helper/scanner/service';
import { scanPage } from '@gs/simulator-fixtures/scan/pageContent';
import { rasterPage } from '@gs/simulator-fixtures/scan/raster';
import { PAPER_POINTS, SCANNER_PROFILES } from '@gs/simulator-helper/scanner/profiles';
import { pageWords } from './pageWords';

const dir = mkdtempSync(join(tmpdir(), 'gs-words-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Consecutive words of one line whose values, joined by spaces, are the text. */
function findRun(words: readonly PageWord[], text: string): PageWord[] | undefined {
  const wanted = text.split(/\s+/);
  for (let i = 0; i + wanted.length <= words.length; i++) {
    const run = words.slice(i, i + wanted.length);
    if (run.every((w, k) => w.Value === wanted[k] && w.Line === run[0]?.Line)) return run;
  }
  return undefined;
}

const boxOf = (run: readonly PageWord[], width: number, height: number): Box => ({
  x0: Math.min(...run.map((w) => w.Left)) * width,
  y0: Math.min(...run.map((w) => w.Top)) * height,
  x1: Math.max(...run.map((w) => w.Left + w.Width)) * width,
  y1: Math.max(...run.map((w) => w.Top + w.Height)) * height,
});

/** The bounding box of the pixels that differ between two rasters of one page, or undefined. */
function inkBox(a: Uint8Array, b: Uint8Array, width: number, channels: number): Box | undefined {
  let box: Box | undefined;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const p = Math.floor(i / channels);
    const [x, y] = [p % width, Math.floor(p / width)];
    box = box
      ? {
          x0: Math.min(box.x0, x),
          y0: Math.min(box.y0, y),
          x1: Math.max(box.x1, x + 1),
          y1: Math.max(box.y1, y + 1),
        }
      : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
  }
  return box;
}

const PROFILES = [SCANNER_PROFILES[0], SCANNER_PROFILES[2]].filter((p) => p !== undefined);

describe('words of scanned pages', () => {
  for (const profile of PROFILES)
    it(`finds every printed index value inside its printed area (${profile.Name})`, async () => {
      const scanner = new ScanService({ msPerPage: 0 });
      const session = scanner.createSession(4242);
      const job = scanner.createJob(session, { Scanner: profile.Name, Pages: 3, Format: 'tiff' });
      job.start(Date.now());
      const scanned = await scanner.merge(session, job);
      const file = join(dir, `${profile.Dpi}-${profile.Colour}.tif`);
      writeFileSync(file, scanned.bytes);
      const paper = PAPER_POINTS[profile.Paper];
      for (let index = 0; index < 3; index++) {
        const content = scanPage(job.s.seed, index, paper.width, paper.height);
        const options = {
          widthPt: paper.width,
          heightPt: paper.height,
          dpi: profile.Dpi,
          colour: profile.Colour,
          seed: `${job.s.seed}:${index}:feed`,
        };
        const page = await rasterPage(content.layout, options);
        const words = await pageWords(file, index + 1);
        expect([words.Page, words.Width, words.Height]).toEqual([index + 1, page.width, page.height]);
        expect(Object.keys(content.values).length).toBeGreaterThanOrEqual(3);
        for (const [field, value] of Object.entries(content.values)) {
          const run = findRun(words.Words, value);
          expect(run, `${field} "${value}" on page ${index + 1}`).toBeDefined();
          const box = boxOf(run ?? [], words.Width, words.Height);
          const without = await rasterPage(
            {
              ...content.layout,
              items: content.layout.items.filter((i) => i.kind !== 'text' || i.text !== value),
            },
            options,
          );
          const ink = inkBox(page.data, without.data, page.width, page.channels);
          expect(ink, `${field} is printed`).toBeDefined();
          if (!ink) continue;
          const h = box.y1 - box.y0;
          // all the value's ink is in the box (give or take antialiasing and a glyph's overhang)...
          expect(ink.x0).toBeGreaterThanOrEqual(box.x0 - 1.5 - 0.1 * h);
          expect(ink.x1).toBeLessThanOrEqual(box.x1 + 1.5 + 0.1 * h);
          expect(ink.y0).toBeGreaterThanOrEqual(box.y0 - 1.5);
          expect(ink.y1).toBeLessThanOrEqual(box.y1 + 1.5);
          // ...and the box lies on the ink: no wider than it, no taller than the font's ascent and descent
          expect(box.x0).toBeGreaterThanOrEqual(ink.x0 - 2 - 0.1 * h);
          expect(box.x1).toBeLessThanOrEqual(ink.x1 + 2 + 0.1 * h);
          expect(box.y0).toBeGreaterThanOrEqual(ink.y0 - 0.35 * h);
          expect(box.y1).toBeLessThanOrEqual(ink.y1 + 0.35 * h);
        }
      }
    });

  it('answers NoKfiWords for a TIFF page without scanned words', async () => {
    const { default: sharp } = await import('sharp');
    const file = join(dir, 'plain.tif');
    writeFileSync(
      file,
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .tiff()
        .toBuffer(),
    );
    await expect(pageWords(file, 1)).rejects.toMatchObject({
      kind: 'notFound',
      body: { Code: 'NoKfiWords' },
    });
    await expect(pageWords(file, 2)).rejects.toMatchObject({ kind: 'invalid' });
  });
});
