// Content search follows a document's pages (decision 040): an imported scan is found by the words
// the scanner printed, and a document that a merge or an append gave a new file is found by every
// word of it, read again in the background after the answer: words of an appended PDF, of a scan
// and a PDF merged into a TIFF, of a scan drawn into a merged PDF, and an image's stored text.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScanService } from '@gs/simulator-helper/scanner/service';
import { textTable } from '../../documents/repos/docTables';
import { makeContentSearchWorld } from '../../testing/contentSearchWorld';

const fixture = (name: string): Buffer =>
  readFileSync(join(import.meta.dirname, '../services/testdata', name));

let scanned: Buffer;
beforeAll(async () => {
  const scanner = new ScanService({ msPerPage: 0 });
  const session = scanner.createSession(43);
  const job = scanner.createJob(session, { Pages: 2, Format: 'tiff' });
  job.start(Date.now());
  scanned = Buffer.from((await scanner.merge(session, job)).bytes);
});

/** A PDF of our own (pdf-lib), with other words. */
async function ownPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText('Harbour landscape survey', { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save());
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world() {
  const t = makeContentSearchWorld();
  dirs.push(t.i.dataDir);
  const found = async (words: string): Promise<number[]> =>
    (await t.contentSearch(words)).sort((a, b) => a - b);
  /** waits for the background reads until `words` finds exactly `ids` */
  const eventually = (words: string, ids: number[]) =>
    vi.waitFor(async () => expect(await found(words)).toEqual([...ids].sort((a, b) => a - b)), {
      timeout: 15_000,
      interval: 100,
    });
  const toInbox = (name: string, bytes: Buffer) =>
    writeFileSync(join(t.i.dataDir, 'inboxes', 'scans', name), bytes);
  return { ...t, found, eventually, toInbox };
}

describe('content search after page operations', () => {
  it('finds an imported scan by the words the scanner printed on it', async () => {
    const { upload, importFile, eventually, found } = world();
    const scan = await importFile(await upload('scan.tif', scanned), 'Scan');
    await eventually('Scanned', [scan]);
    expect(await found('Quokkaberries')).toEqual([]);
  });

  it('finds the words of a PDF appended from an inbox in the document it went into', async () => {
    const { upload, importFile, eventually, found, toInbox, merge, docItem, inboxItem, x } = world();
    const base = await importFile(await upload('survey.pdf', await ownPdf()), 'Survey');
    await eventually('landscape', [base]);
    toInbox('statement.pdf', fixture('chromium-print.pdf'));
    expect(
      await merge({
        Type: 'Append',
        Documents: [docItem(base), inboxItem('statement.pdf')],
        BaseDocument: docItem(base),
        Target: { Type: 'Archive', AppendType: 0, Id: x.archive },
      }),
    ).toBe(base);
    await eventually('Quokkaberries', [base]);
    expect(await found('landscape')).toEqual([base]);
  });

  it('finds a scan and a PDF merged into a TIFF by the words of both', async () => {
    const { upload, importFile, eventually, toInbox, merge, docItem, inboxItem, x } = world();
    const scan = await importFile(await upload('scan.tif', scanned), 'Scan');
    await eventually('Scanned', [scan]);
    toInbox('statement.pdf', fixture('chromium-print.pdf'));
    const merged = (await merge({
      Documents: [docItem(scan), inboxItem('statement.pdf')],
      BaseDocument: docItem(scan),
      Target: { Type: 'Archive', Id: x.archive },
    })) as number;
    // the TIFF holds the PDF page's words too (mergeOutput.ts), read from the new file
    await eventually('Quokkaberries', [merged]);
    await eventually('Scanned', [scan, merged]);
  });

  it('finds a scan merged into a PDF by its words, written there as invisible text', async () => {
    const { upload, importFile, eventually, found, toInbox, merge, docItem, inboxItem, x } = world();
    const scan = await importFile(await upload('scan.tif', scanned), 'Scan');
    await eventually('Scanned', [scan]);
    toInbox('statement.pdf', fixture('chromium-print.pdf'));
    const merged = (await merge({
      Documents: [inboxItem('statement.pdf'), docItem(scan)],
      BaseDocument: inboxItem('statement.pdf'),
      Target: { Type: 'Archive', Id: x.archive },
    })) as number;
    // once the new PDF's own text is read, the scan's words are in it (pdfWordsLayer.ts)
    await eventually('Quokkaberries', [merged]);
    expect(await found('Scanned')).toEqual([scan, merged]);
  });

  it('keeps the stored text of an image merged into a PDF beside the text read from the PDF', async () => {
    const { upload, importFile, eventually, found, toInbox, merge, docItem, inboxItem, x, db, w } = world();
    const png = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const photo = await importFile(await upload('photo.png', png), 'Photo');
    // the text an image has comes from elsewhere (a capture, the fixtures): no file holds it
    db.prepare(`INSERT INTO ${textTable(w.alpha)}(doc_id, body) VALUES (?, ?)`).run(photo, 'Wombat burrow');
    expect(await found('Wombat')).toEqual([photo]);
    toInbox('statement.pdf', fixture('chromium-print.pdf'));
    const merged = (await merge({
      Documents: [inboxItem('statement.pdf'), docItem(photo)],
      BaseDocument: inboxItem('statement.pdf'),
      Target: { Type: 'Archive', Id: x.archive },
    })) as number;
    await eventually('Quokkaberries', [merged]);
    expect(await found('Wombat')).toEqual([photo, merged]);
  });
});
