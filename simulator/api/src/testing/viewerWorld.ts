// The world of the viewer route tests: in Invoices a real two-page PDF (portrait pages), a real
// two-page bilevel TIFF (landscape pages) and a text file, in Contracts (View only for full.user)
// one more PDF, all in a temporary data folder; and a few stamps.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { addStamp, documentInserter } from '@gs/simulator-fixtures/builders';
import { secureId } from '../security/repos/secureIds';
import { API, basic, binary, makeWorldApp, type TestApp, type World } from './testApp';

export const TIFF_PAGE = { width: 240, height: 120 };

export interface ViewerWorld {
  dataDir: string;
  pdf: number;
  tiff: number;
  text: number;
  contractPdf: number;
  stamps: string[];
}

export type ViewerTestApp = TestApp & { w: World; v: ViewerWorld };

async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Page one', { x: 72, y: 700 });
  pdf.addPage([612, 792]).drawText('Page two', { x: 72, y: 700 });
  return Buffer.from(await pdf.save());
}

async function twoPageTiff(): Promise<Buffer> {
  const page = (background: string) =>
    sharp({ create: { ...TIFF_PAGE, channels: 3, background } })
      .png()
      .toBuffer();
  const frames = [await page('#ffffff'), await page('#000000')];
  return sharp(frames, { join: { animated: true } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1 })
    .toBuffer();
}

function put(dataDir: string, path: string, bytes: Buffer): void {
  const file = join(dataDir, 'files', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

export async function makeViewerApp(): Promise<ViewerTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-viewer-'));
  const [pdf, tiff] = [await twoPagePdf(), await twoPageTiff()];
  let v: ViewerWorld | undefined;
  const t = makeWorldApp({ files: { dataDir } }, (db, w) => {
    put(dataDir, `${w.alpha}/v/two.pdf`, pdf);
    put(dataDir, `${w.alpha}/v/two.tif`, tiff);
    put(dataDir, `${w.alpha}/v/c.pdf`, pdf);
    put(dataDir, `${w.alpha}/v/note.txt`, Buffer.from('a note\n'));
    const insert = documentInserter(db, w.alpha, [w.vendor]);
    const doc = (archiveId: number, filePath: string, fileType: string, pageCount: number) =>
      insert({
        archiveId,
        filePath,
        fileType,
        fileSize: 1,
        pageCount,
        createdAt: 0,
        values: { [w.vendor]: 'Acme' },
      });
    const stamps = ['PAID @Today', 'Approved by @User', 'RECEIVED'];
    for (const s of stamps) addStamp(db, s);
    v = {
      dataDir,
      pdf: doc(w.invoices, `${w.alpha}/v/two.pdf`, '.pdf', 2),
      tiff: doc(w.invoices, `${w.alpha}/v/two.tif`, '.tif', 2),
      text: doc(w.invoices, `${w.alpha}/v/note.txt`, '.txt', 1),
      contractPdf: doc(w.contracts, `${w.alpha}/v/c.pdf`, '.pdf', 2),
      stamps,
    };
  });
  if (!v) throw new Error('the viewer world was not seeded');
  return { ...t, v };
}

export const viewerHash = (t: ViewerTestApp, doc: number): string =>
  secureId(t.secret, 'doc', t.w.alpha, doc);

/** `POST session` (a new viewer session) as `user`. */
export const postSession = (t: ViewerTestApp, body: unknown, user = 'full.user') =>
  request(t.app)
    .post(`${API}session`)
    .set('Authorization', basic(user))
    .send(body as object);

/** `GET session/{id}` as `user`. */
export const getSession = (t: ViewerTestApp, id: string, user = 'full.user') =>
  request(t.app).get(`${API}session/${id}`).set('Authorization', basic(user));

/** `GET .../documents/{doc}/File` of alpha as full.user, the annotations drawn in unless `annotations` is false; the body a Buffer. */
export const documentFile = (t: ViewerTestApp, doc: number, annotations = true, archive = t.w.invoices) =>
  request(t.app)
    .get(`${API}dbs/${t.w.alpha}/archives/${archive}/documents/${doc}/File`)
    .query({ SecureId: viewerHash(t, doc), ...(annotations ? { Annotations: 'true' } : {}) })
    .set('Authorization', basic('full.user'))
    .buffer(true)
    .parse(binary);
