// Exports and e-mails with WithAnnotations through the helper against a running simulator API:
// an annotated document comes out as a PDF with its stamps drawn on (the API's burn-in).
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkPaths, type BulkJobStatus } from '@gs/contract/helperBulk';
import { helperPaths } from '@gs/contract/helper';
import { readPdfText } from '@gs/simulator-fixtures/pdfText';
import { createAnnotationsRepo } from '../../../api/src/viewer/repos/annotationsRepo';
import { secureId } from '../../../api/src/security/repos/secureIds';
import { signIn } from '../../../api/src/testing/testApp';
import { listen, makeBulkApp, writeImageFile, type BulkTestApp } from '../../../api/src/testing/bulkWorld';
import { createHelperApp } from '../app';
import { httpFetcher } from '../launch/fetcher';
import { createHelperState } from '../state';
import { userFolder } from '../auth/users';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup() {
  const t = makeBulkApp();
  await writeImageFile(t);
  const api = await listen(t);
  closers.push(api.close);
  const root = mkdtempSync(join(tmpdir(), 'gs-helper-annotated-'));
  const helper = createHelperApp({
    state: createHelperState(undefined, { apiPath: api.apiPath, installed: [] }),
    bulk: { dataDir: root, apiPath: () => api.apiPath, batchSize: 5 },
    launch: { outboxDir: join(root, 'outbox'), fetcher: httpFetcher(() => api.apiPath) },
  });
  const token = (await signIn(t.app, 'full.user')).Token;
  // the user's own folder: exports land there
  return { t, helper, root, token, dir: join(root, 'users', userFolder('full.user')) };
}

/** Stamp the image document (as the viewer's PUT would store it). */
function stamp(t: BulkTestApp, text: string): void {
  createAnnotationsRepo(t.db).replace(t.w.alpha, t.b.imageDoc, [
    { page: 1, x: 0.1, y: 0.1, text, type: 'stamp', color: '#c0262d', createdBy: 'full.user', createdAt: 0 },
  ]);
}

async function exported(
  helper: ReturnType<typeof createHelperApp>,
  token: string,
  body: object,
): Promise<BulkJobStatus> {
  const res = await request(helper).post(bulkPaths.export).set('Auth-Token', token).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (;;) {
    const status = (
      await request(helper)
        .get(bulkPaths.job((res.body as { JobID: string }).JobID))
        .set('Auth-Token', token)
        .expect(200)
    ).body as BulkJobStatus;
    if (status.Status !== 'Running' && status.Status !== 'Queued') return status;
    await new Promise((done) => setImmediate(done));
  }
}

describe('WithAnnotations through the helper', () => {
  it('exports an annotated document as a PDF with its stamp, and as its own file without', async () => {
    const { t, helper, dir, token } = await setup();
    stamp(t, 'Approved');
    const docs = [{ ArchiveID: t.e.ledger, DocID: t.b.imageDoc }];
    const withStamps = await exported(helper, token, {
      Database: t.w.alpha,
      Docs: docs,
      FilePath: 'Annotated',
      WithAnnotations: true,
    });
    expect(withStamps).toMatchObject({ Status: 'Completed', Succeeded: 1 });
    expect(withStamps.Files).toEqual([`exports\\Annotated\\${t.b.imageDoc}.pdf`]);
    const pdf = readFileSync(join(dir, 'exports', 'Annotated', `${t.b.imageDoc}.pdf`));
    expect((await readPdfText(pdf)).pages).toEqual([['APPROVED']]);

    const plain = await exported(helper, token, { Database: t.w.alpha, Docs: docs, FilePath: 'Plain' });
    expect(plain.Files).toEqual([`exports\\Plain\\${t.b.imageDoc}.png`]);
    expect(readdirSync(join(dir, 'exports', 'Plain'))).toEqual([`${t.b.imageDoc}.png`]);
  });

  it('e-mails an annotated document as a PDF with its stamp when asked', async () => {
    const { t, helper, root, token } = await setup();
    stamp(t, 'Received');
    const send = (withAnnotations: boolean) =>
      request(helper)
        .post(
          `${helperPaths.launchEmail}?database=${t.w.alpha}&withAnnotations=${withAnnotations}&token=${token}`,
        )
        .send({
          Documents: [
            {
              Archive: t.e.ledger,
              Id: t.b.imageDoc,
              Hash: secureId(t.secret, 'doc', t.w.alpha, t.b.imageDoc),
            },
          ],
        })
        .expect(200);
    // the answer names the .eml relative to the data folder, never by its absolute path
    const file = (res: request.Response): string => {
      const name = (res.body as { File: string }).File;
      expect(name).toMatch(/^outbox\\globalsearch-\d+-\w+\.eml$/);
      return join(root, ...name.split('\\'));
    };
    const annotated = readFileSync(file(await send(true)), 'utf8');
    expect(annotated).toContain(`filename="${t.b.imageDoc}.pdf"`);
    expect(annotated).toContain('Content-Type: application/pdf');
    const base64 =
      /filename="\d+\.pdf"[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(annotated)?.[1] ?? '';
    const text = await readPdfText(Buffer.from(base64.replace(/\r\n/g, ''), 'base64'));
    expect(text.pages).toEqual([['RECEIVED']]);
    const plain = readFileSync(file(await send(false)), 'utf8');
    expect(plain).toContain(`filename="${t.b.imageDoc}.png"`);
    expect(readdirSync(join(root, 'outbox'))).toHaveLength(2);
  });
});
