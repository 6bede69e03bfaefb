// route()'s streamed bodies and written answers (decision 063, amendment): a multipart body is
// read by the route's reader only after the policy passed, with the route's own limits and
// wording of a refusal; a file answer may be written into the response as it is made, with its
// declared type even when it is an attachment.
import { Router } from 'express';
import express from 'express';
import request from 'supertest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUser } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../app';
import { openDatabase } from '../db/connection';
import { isReadOnly } from '../domain/caller';
import { forbidden, tooLarge } from '../domain/errors';
import type { FileAnswer } from '../domain/answers';
import { createTestClock } from '../testClock';
import { createApiFront } from './apiFront';
import { errorHandler } from './errors';
import type { UploadedPart } from './multipartBody';
import { route, signedIn, streamedBody, type Policy } from './route';
import { API, basic, PASSWORD, TEST_PASSWORD_COST } from '../testing/testApp';

function makeApp() {
  const db = openDatabase(':memory:');
  for (const [name, licenseType] of [
    ['writer', LicenseType.Full],
    ['reader', LicenseType.ReadOnly],
  ] as const)
    addUser(db, { name, password: PASSWORD, passwordCost: TEST_PASSWORD_COST, licenseType });
  const { deps } = createSimulator({
    db,
    clock: createTestClock(),
    files: { dataDir: join(tmpdir(), 'gs-edge') },
  });
  const writer: Policy = ({ caller }) => {
    if (isReadOnly(caller)) throw forbidden('Read-only.');
  };
  const reads = { count: 0 };
  const parts = streamedBody<UploadedPart[]>((body) => {
    reads.count++;
    return body.multipart({
      storage: 'memory',
      fileSize: 8,
      refusal: (failure) =>
        failure.kind === 'tooLarge' ? tooLarge(`'${failure.field}' is too large.`) : failure,
    });
  });
  const router = Router();
  router.post(
    '/edge-parts',
    ...route(deps, { policy: writer, body: parts }, (_ctx, { body }) =>
      body.map((p) => ({ Field: p.field, Name: p.originalName, Text: p.bytes?.toString('utf8') })),
    ),
  );
  router.get(
    '/edge-zip',
    ...route(deps, { policy: signedIn }, (): FileAnswer => ({
      kind: 'file',
      type: 'application/zip',
      disposition: { kind: 'attachment', fileName: 'ALPHA.gs' },
      source: {
        write: async (out) => {
          out.write('PK');
          await new Promise((done) => setImmediate(done));
          out.end('-made');
        },
      },
    })),
  );
  const app = express();
  app.use(API, createApiFront(deps.auth, []));
  app.use(API, router);
  app.use(errorHandler);
  return { app, reads };
}

describe('route() with a streamed body', () => {
  it('reads a multipart body only once the policy let the caller through', async () => {
    const { app, reads } = makeApp();
    const refused = await request(app)
      .post(`${API}edge-parts`)
      .set('Authorization', basic('reader'))
      .attach('file', Buffer.from('abc'), 'a.txt');
    expect([refused.status, refused.body]).toEqual([403, { Message: 'Read-only.' }]);
    expect(reads.count).toBe(0);
    const taken = await request(app)
      .post(`${API}edge-parts`)
      .set('Authorization', basic('writer'))
      .attach('file', Buffer.from('abc'), 'a.txt')
      .expect(200);
    expect(taken.body).toEqual([{ Field: 'file', Name: 'a.txt', Text: 'abc' }]);
    expect(reads.count).toBe(1);
  });

  it("refuses a body past the route's limits in the route's words", async () => {
    const { app } = makeApp();
    const res = await request(app)
      .post(`${API}edge-parts`)
      .set('Authorization', basic('writer'))
      .attach('big', Buffer.from('0123456789'), 'b.txt');
    expect([res.status, res.body]).toEqual([413, { Message: "'big' is too large." }]);
  });
});

describe('route() with a written answer', () => {
  it('streams the file as it is made, an attachment of its declared type', async () => {
    const { app } = makeApp();
    const res = await request(app)
      .get(`${API}edge-zip`)
      .set('Authorization', basic('writer'))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename=ALPHA.gs');
    expect((res.body as Buffer).toString()).toBe('PK-made');
  });
});
