import { beforeEach, describe, it } from 'vitest';
import request from 'supertest';
import { addList } from '@gs/simulator-fixtures/builders';
import { API, basic, makeWorldApp, type TestApp, type World } from '../../testing/testApp';

let t: TestApp & { w: World };
let colours: number;
let regions: number;
beforeEach(() => {
  t = makeWorldApp({}, (db, w) => {
    colours = addList(db, w.alpha, 'Colours', ['Red', 'Green', 'Blue']);
    regions = addList(db, w.beta, 'Regions', ['North']);
  });
});
const as = (user: string, path: string) =>
  request(t.app).get(`${API}${path}`).set('Authorization', basic(user));

describe('GET dbs/{db}/lists/{id}', () => {
  it('answers {"ID","Name","Items"} with the items in order', async () => {
    await as('full.user', `dbs/${t.w.alpha}/lists/${colours}`).expect(200, {
      ID: colours,
      Name: 'Colours',
      Items: ['Red', 'Green', 'Blue'],
    });
    await as('full.user', `DBS/${t.w.alpha}/Lists/${colours}/?Token=`).expect(200);
  });

  it('answers 404 for an unknown list or a list of another database', async () => {
    const { alpha } = t.w;
    await as('full.user', `dbs/${alpha}/lists/999`).expect(404, {
      Message: `List 999 was not found in database ${alpha}.`,
    });
    await as('full.user', `dbs/${alpha}/lists/${regions}`).expect(404, {
      Message: `List ${regions} was not found in database ${alpha}.`,
    });
  });

  it('answers 404 in a database the user may not see, 400 for a non-numeric id, 401 without credentials', async () => {
    await as('web.user', `dbs/${t.w.beta}/lists/${regions}`).expect(404);
    await as('full.user', `dbs/${t.w.alpha}/lists/colours`).expect(400);
    await request(t.app).get(`${API}dbs/${t.w.alpha}/lists/${colours}`).expect(401);
  });
});
