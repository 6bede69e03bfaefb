// The request edge (decision 063) through real HTTP: route() reads the path, the query in any
// casing and the body with schemas, refuses with a field's own DomainError or a 400 naming the
// input, authorises by the route's policy before reading the query and body, runs a writing
// handler in one transaction, and errorHandler answers every kind of DomainError with its status.
import express, { Router } from 'express';
import request from 'supertest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { addUser } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../app';
import { openDatabase } from '../db/connection';
import { DomainError, forbidden, type DomainErrorKind } from '../domain/errors';
import { isReadOnly } from '../domain/caller';
import { int32Value, rejectWith } from '../lib/zodInput';
import { createTestClock } from '../testClock';
import { createApiFront } from './apiFront';
import { errorHandler } from './errors';
import { anonymous, route, signedIn, type Policy } from './route';
import { API, basic, PASSWORD, TEST_PASSWORD_COST } from '../testing/testApp';

const KINDS: [DomainErrorKind, number][] = [
  ['invalid', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['notFound', 404],
  ['conflict', 409],
  ['tooLarge', 413],
  ['unprocessable', 422],
  ['failed', 500],
];

function makeEdgeApp() {
  const db = openDatabase(':memory:');
  addUser(db, {
    name: 'writer',
    password: PASSWORD,
    passwordCost: TEST_PASSWORD_COST,
    licenseType: LicenseType.Full,
  });
  addUser(db, {
    name: 'reader',
    password: PASSWORD,
    passwordCost: TEST_PASSWORD_COST,
    licenseType: LicenseType.ReadOnly,
  });
  db.exec('CREATE TABLE edge_notes (text TEXT NOT NULL)');
  const { deps } = createSimulator({
    db,
    clock: createTestClock(),
    files: { dataDir: join(tmpdir(), 'gs-edge') },
  });
  const router = Router();
  const even = z
    .string()
    .transform((v, ctx) =>
      Number(v) % 2 === 0
        ? Number(v)
        : rejectWith(ctx, new DomainError('conflict', `${v} is odd.`, { Odd: v })),
    );
  const notes = z.object({ text: z.string().min(1) });
  const writer: Policy = ({ caller }) => {
    if (isReadOnly(caller)) throw forbidden('Read-only.');
  };
  router.get(
    '/edge/:id',
    ...route(
      deps,
      {
        params: z.object({ id: int32Value('id') }),
        query: z.object({ even: even.optional(), name: z.string().optional() }),
        policy: signedIn,
      },
      ({ caller }, { params, query }) => ({
        Id: params.id,
        Even: query.even,
        Name: query.name,
        User: caller.user.name,
      }),
    ),
  );
  router.get(
    '/edge-fail/:kind',
    ...route(deps, { params: z.object({ kind: z.string() }), policy: signedIn }, (_ctx, { params }) => {
      throw new DomainError(params.kind as DomainErrorKind, `Failed as ${params.kind}.`, { Extra: 1 });
    }),
  );
  router.post(
    '/edge-notes',
    ...route(
      deps,
      { body: z.object({ notes: z.array(notes) }), policy: writer, transaction: db },
      (_ctx, { body }) => {
        for (const n of body.notes) {
          if (n.text === 'boom') throw new DomainError('conflict', 'No boom.');
          db.prepare('INSERT INTO edge_notes (text) VALUES (?)').run(n.text);
        }
        return { Added: body.notes.length };
      },
    ),
  );
  // anonymous: no caller, the call's credentials in the context; the same parsing and transaction
  router.get(
    '/edge-who',
    ...route(deps, { policy: anonymous }, (ctx) => ({
      Basic: ctx.basicUser()?.name ?? null,
      Token: ctx.token() ?? null,
      Cookie: ctx.cookie('flavour') ?? null,
    })),
  );
  const open = Router();
  open.post(
    '/open-notes/:id',
    ...route(
      deps,
      {
        policy: anonymous,
        params: z.object({ id: int32Value('id') }),
        body: z.object({ notes: z.array(notes) }),
        transaction: db,
      },
      (_ctx, { params, body }) => {
        for (const n of body.notes) {
          if (n.text === 'boom') throw new DomainError('conflict', 'No boom.');
          db.prepare('INSERT INTO edge_notes (text) VALUES (?)').run(n.text);
        }
        return { Id: params.id, Added: body.notes.length };
      },
    ),
  );
  const app = express();
  app.use(API, createApiFront(deps.auth, []));
  app.use(API, router);
  // outside the API and its front, as /__sim is
  app.use(express.json(), open);
  app.use(errorHandler);
  const count = (): number => (db.prepare('SELECT COUNT(*) AS n FROM edge_notes').get() as { n: number }).n;
  return { app, count };
}

describe('route()', () => {
  it('reads the path and the query in any casing, the first of a repeated key, for the caller', async () => {
    const { app } = makeEdgeApp();
    const res = await request(app)
      .get(`${API}edge/7?EVEN=4&nAmE=a&name=b`)
      .set('Authorization', basic('writer'))
      .expect(200);
    expect(res.body).toEqual({ Id: 7, Even: 4, Name: 'a', User: 'writer' });
  });

  it("refuses with a field's own DomainError, or a 400 naming the input", async () => {
    const { app } = makeEdgeApp();
    const auth = basic('writer');
    const odd = await request(app).get(`${API}edge/7?even=3`).set('Authorization', auth).expect(409);
    expect(odd.body).toEqual({ Message: '3 is odd.', Odd: '3' });
    const badId = await request(app).get(`${API}edge/x`).set('Authorization', auth).expect(400);
    expect(badId.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The value 'x' is not valid for parameter 'id'.",
    });
    const badBody = await request(app)
      .post(`${API}edge-notes`)
      .set('Authorization', auth)
      .send({ Notes: [{}] });
    expect(badBody.status).toBe(400);
    expect((badBody.body as { MessageDetail: string }).MessageDetail).toMatch(
      /^The request body is not valid: .*text/s,
    );
  });

  it('asks for credentials, and checks the policy before reading the body', async () => {
    const { app, count } = makeEdgeApp();
    await request(app).get(`${API}edge/7`).expect(401);
    const refused = await request(app)
      .post(`${API}edge-notes`)
      .set('Authorization', basic('reader'))
      .send({ bad: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ Message: 'Read-only.' });
    expect(count()).toBe(0);
  });

  it('runs a writing handler in one transaction: all of it or nothing', async () => {
    const { app, count } = makeEdgeApp();
    const auth = basic('writer');
    const ok = await request(app)
      .post(`${API}edge-notes`)
      .set('Authorization', auth)
      .send({ NOTES: [{ Text: 'a' }, { text: 'b' }] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Added: 2 });
    const half = await request(app)
      .post(`${API}edge-notes`)
      .set('Authorization', auth)
      .send({ notes: [{ text: 'c' }, { text: 'boom' }] });
    expect(half.status).toBe(409);
    expect(count()).toBe(2);
  });

  it('answers every kind of DomainError with its one status and its body', async () => {
    const { app } = makeEdgeApp();
    for (const [kind, status] of KINDS) {
      const res = await request(app).get(`${API}edge-fail/${kind}`).set('Authorization', basic('writer'));
      expect([kind, res.status, res.body]).toEqual([
        kind,
        status,
        { Message: `Failed as ${kind}.`, Extra: 1 },
      ]);
    }
  });

  it('runs an anonymous route without credentials, with the same parsing, errors and transaction', async () => {
    const { app, count } = makeEdgeApp();
    const ok = await request(app)
      .post('/open-notes/7')
      .send({ NOTES: [{ Text: 'a' }, { text: 'b' }] })
      .expect(200);
    expect(ok.body).toEqual({ Id: 7, Added: 2 });
    // nobody signed in: no authenticatedUser cookie
    expect(ok.headers['set-cookie']).toBeUndefined();
    const badId = await request(app).post('/open-notes/x').send({ notes: [] }).expect(400);
    expect(badId.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The value 'x' is not valid for parameter 'id'.",
    });
    const badBody = await request(app)
      .post('/open-notes/7')
      .send({ notes: [{}] })
      .expect(400);
    expect((badBody.body as { MessageDetail: string }).MessageDetail).toMatch(
      /^The request body is not valid/,
    );
    await request(app)
      .post('/open-notes/7')
      .send({ notes: [{ text: 'c' }, { text: 'boom' }] })
      .expect(409, { Message: 'No boom.' });
    expect(count()).toBe(2);
  });

  it("hands an anonymous route the call's credentials, the password checked by the front", async () => {
    const { app } = makeEdgeApp();
    const none = await request(app).get(`${API}edge-who`).set('Cookie', 'flavour=plain').expect(200);
    expect(none.body).toEqual({ Basic: null, Token: null, Cookie: 'plain' });
    expect(none.headers['set-cookie']).toBeUndefined();
    const who = await request(app).get(`${API}edge-who?token=abc`).set('Authorization', basic('writer'));
    expect(who.body).toEqual({ Basic: 'writer', Token: 'abc', Cookie: null });
    await request(app)
      .get(`${API}edge-who`)
      .set('Authorization', basic('writer', 'wrong'))
      .expect(401, { Message: AUTHORIZATION_DENIED });
  });
});
