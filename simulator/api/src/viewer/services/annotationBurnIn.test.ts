import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument, PDFRawStream, decodePDFRawStream, degrees } from 'pdf-lib';
import type { AnnotationRow } from '../repos/annotationsRepo';
import { burnIn, canBurnIn } from './annotationBurnIn';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const stamp = (over: Partial<AnnotationRow>): AnnotationRow => ({
  id: 1,
  databaseId: 1,
  documentId: 1,
  ordinal: 0,
  page: 1,
  x: 0.5,
  y: 0.1,
  text: 'Paid',
  type: 'stamp',
  color: '#c0262d',
  createdBy: 'ann',
  createdAt: 0,
  ...over,
});

/** The content streams of each page, decoded. */
async function contents(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const c = page.node.Contents();
    const refs = c ? ('asArray' in c ? c.asArray() : [c]) : [];
    return refs
      .map((ref) => {
        const stream = pdf.context.lookup(ref);
        return stream instanceof PDFRawStream
          ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
          : '';
      })
      .join('\n');
  });
}

/** The translations (`1 0 0 1 x y cm`) of the stamp boxes drawn on a page, rounded. */
const boxOrigins = (content: string): [number, number][] =>
  [...content.matchAll(/^1 0 0 1 ([\d.-]+) ([\d.-]+) cm$/gm)]
    .map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))] as [number, number])
    .filter(([x, y]) => x !== 0 || y !== 0);

describe('burnIn', () => {
  it('puts a stamp with its top-left corner at (X, Y) of the page as shown, upright on turned pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-burn-'));
    dirs.push(dir);
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    pdf.addPage([612, 792]).setRotation(degrees(90));
    const file = join(dir, 'two.pdf');
    writeFileSync(file, await pdf.save());
    const out = await burnIn(file, '.pdf', [
      stamp({}),
      stamp({ page: 2 }),
      stamp({ page: 3, text: 'not a page of the file' }),
    ]);
    const [first = '', second = ''] = await contents(out ?? new Uint8Array());
    // unturned: x = 0.5 × 612; the box's top edge at 792 − 0.1 × 792, its bottom one box height lower
    const [origin] = boxOrigins(first);
    expect(origin?.[0]).toBe(306);
    expect(origin?.[1]).toBeLessThan(713);
    expect(origin?.[1]).toBeGreaterThan(680);
    expect(first).toContain('<50414944> Tj'); // PAID
    // turned 90°: shown 792 wide, 612 high; shown x runs along the page's y, shown y along its x
    const [turned] = boxOrigins(second);
    expect(turned?.[1]).toBe(396);
    expect(turned?.[0]).toBeGreaterThan(61);
    expect(second).toMatch(/^0\.0*\d* 1 -1 0\.0*\d* 0 0 cm$/m);
    // the stamp of page 3 is left out: one text per page
    expect(`${first}\n${second}`.match(/ Tj$/gm)).toHaveLength(2);
  });

  it('only takes files whose pages it can draw on', () => {
    expect(['.pdf', '.tif', '.TIFF', '.png', '.jpg'].every(canBurnIn)).toBe(true);
    expect(['.txt', '.docx', ''].some(canBurnIn)).toBe(false);
  });
});
