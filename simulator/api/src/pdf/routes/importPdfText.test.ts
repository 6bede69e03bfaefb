// Issue 19: an uploaded and imported PDF has its text read by MuPDF after the import answers, and
// content search finds it; a PDF that cannot be read imports all the same, without text. The
// viewer and thumbnails of such a PDF answer cleanly: a placeholder thumbnail, a 422 Message page.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secureId } from '../../security/repos/secureIds';
import { API } from '../../testing/testApp';
import { makeContentSearchWorld } from '../../testing/contentSearchWorld';

const fixture = (name: string): Buffer =>
  readFileSync(join(import.meta.dirname, '../services/testdata', name));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world() {
  const t = makeContentSearchWorld();
  dirs.push(t.i.dataDir);
  const docPath = (doc: number, what: string, query: Record<string, string> = {}) =>
    `${API}dbs/${t.w.alpha}/archives/${t.x.archive}/documents/${doc}/${what}?${new URLSearchParams({
      SecureId: secureId(t.secret, 'doc', t.w.alpha, doc),
      ...query,
    })}`;
  return { ...t, docPath };
}

/** A PDF of our own (pdf-lib), with other words. */
async function ownPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText('Harbour landscape survey', { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save());
}

describe('text of imported PDFs for content search', () => {
  it('finds a word that only the Chromium-printed PDF holds, once it is uploaded and imported', async () => {
    const { upload, importFile, contentSearch } = world();
    const other = await importFile(await upload('other.pdf', await ownPdf()), 'Other');
    expect(await contentSearch('Quokkaberries')).toEqual([]);
    const doc = await importFile(await upload('statement.pdf', fixture('chromium-print.pdf')), 'Statement');
    // read after the import answered, on the PDF workers
    await vi.waitFor(async () => expect(await contentSearch('Quokkaberries')).toEqual([doc]), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await contentSearch('landscape')).toEqual([other]), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await contentSearch('"Contoso Pharmaceuticals"')).toEqual([doc]);
    expect(await contentSearch('harbour')).toEqual([doc, other].sort((a, b) => b - a));
  });

  it('imports an encrypted and a truncated PDF without text, with a placeholder thumbnail and a 422 page', async () => {
    const { upload, importFile, contentSearch, as, app, docPath } = world();
    const locked = await importFile(await upload('locked.pdf', fixture('encrypted.pdf')), 'Locked');
    const cut = await importFile(await upload('cut.pdf', fixture('truncated.pdf')), 'Cut');
    const good = await importFile(await upload('good.pdf', fixture('chromium-print.pdf')), 'Good');
    // the good one queued after both is found: the unreadable ones did not stop the queue
    await vi.waitFor(async () => expect(await contentSearch('Quokkaberries')).toEqual([good]), {
      timeout: 15_000,
      interval: 100,
    });
    for (const doc of [locked, cut]) {
      const thumb = await as(request(app).get(docPath(doc, 'thumb', { width: '150', height: '150' })))
        .expect(200)
        .buffer(true);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(150);
      const page = await as(request(app).get(docPath(doc, 'page', { page: '1' }))).expect(422);
      expect((page.body as { Message: string }).Message).toMatch(
        doc === locked ? /encrypted with a password/ : /damaged/,
      );
    }
    const page = await as(request(app).get(docPath(good, 'page', { page: '1', width: '300' })))
      .expect(200)
      .buffer(true);
    expect((await sharp(page.body as Buffer).metadata()).width).toBe(300);
  });
});
