// Routes that answer only some calls of a path (route()'s `match`, decision 063): a call they do
// not take goes on, untouched, to the path's other route, and answers exactly what it answered
// when these routes were hand-written: the same status, body and cookies.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API, basic, makeWorldApp } from '../testing/testApp';

const userCookies = (res: request.Response): string[] =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => c.startsWith('authenticatedUser='));

describe('a path shared by two routes', () => {
  it('POST dbs/{db}/archives/{a} is a history entry with documentID, else an import, authenticated once', async () => {
    const t = makeWorldApp();
    const entry = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}?documentID=x`)
      .set('Authorization', basic('SSAdministrator'))
      .send({ Message: 'hello' });
    expect([entry.status, entry.body]).toEqual([
      400,
      {
        Message: 'The request is invalid.',
        MessageDetail: "The value 'x' is not valid for parameter 'documentID'.",
      },
    ]);
    expect(userCookies(entry)).toHaveLength(1);
    const imported = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}`)
      .set('Authorization', basic('SSAdministrator'))
      .send({ Files: [] });
    expect(imported.status).toBe(400);
    expect(userCookies(imported)).toHaveLength(1);
    await request(t.app).post(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}`).send({}).expect(401);
  });

  it('GET dbs/{db}/searches is the queue search with workflowId or queueKey, else the saved searches', async () => {
    const t = makeWorldApp();
    const queue = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/searches?QUEUEKEY=`)
      .set('Authorization', basic('SSAdministrator'));
    expect([queue.status, queue.body]).toEqual([
      400,
      {
        Message: 'The request is invalid.',
        MessageDetail: "The query parameter 'queueKey' is required.",
      },
    ]);
    const list = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/searches`)
      .set('Authorization', basic('SSAdministrator'));
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    // the queue search authenticates before it passes the call on, as it always did
    expect(userCookies(list)).toHaveLength(2);
  });
});
