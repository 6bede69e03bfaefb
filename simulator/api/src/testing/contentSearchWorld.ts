// The world of the content-search tests of files' text (decisions 036, 040): the inbox world with
// archive "Statements" (content search on, one Title field) and a search over it, with helpers to
// upload, import, merge and search over HTTP as full.user.
import request from 'supertest';
import { addArchive, addField, addSearch, grantArchive, grantSearch } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldType, Operator } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import type { UploadResponse } from '@gs/contract/upload';
import type { Db } from '../db/connection';
import { secureId } from '../security/repos/secureIds';
import { makeInboxApp } from './inboxWorld';
import { API, basic, type World } from './testApp';

function seed(db: Db, w: World) {
  const title = addField(db, w.alpha, { name: 'Title', type: FieldType.Character });
  const archive = addArchive(db, w.alpha, { name: 'Statements', contentSearch: true, fieldIds: [title] });
  grantArchive(db, archive, w.full, ALL_ARCHIVE_PERMISSIONS);
  const search = addSearch(db, w.alpha, {
    name: 'Statements',
    archiveId: archive,
    settings: 4 | 1,
    prompts: [{ fieldId: title, operator: Operator.Contains, prompt: 'Title' }],
  });
  grantSearch(db, search, w.full);
  return { archive, search, title };
}

export function makeContentSearchWorld() {
  const t = makeInboxApp(seed);
  const as = (r: request.Test) => r.set('Authorization', basic('full.user'));
  const upload = async (name: string, bytes: Buffer): Promise<string> => {
    const res = await as(request(t.app).post(`${API}files`))
      .attach('File', bytes, name)
      .expect(200);
    return (JSON.parse(res.text) as UploadResponse).files[0]?.name ?? '';
  };
  const importFile = async (cacheName: string, title: string): Promise<number> => {
    const res = await as(request(t.app).post(`${API}dbs/${t.w.alpha}/archives/${t.x.archive}`))
      .send({ fields: [{ name: String(t.x.title), value: title }], files: [{ name: cacheName }] })
      .expect(200);
    return (res.body as number[])[0] ?? 0;
  };
  const contentSearch = async (words: string): Promise<number[]> => {
    const params = new URLSearchParams({
      SecureId: secureId(t.secret, 'search', t.w.alpha, t.x.search),
      SearchCriteria: JSON.stringify({ content: words }),
    });
    const res = await as(
      request(t.app).get(
        `${API}dbs/${t.w.alpha}/searches/${t.x.search}/archive/${t.x.archive}/documents?${params}`,
      ),
    ).expect(200);
    return (res.body as SearchPageResult).Docs.map((d) => d.Id);
  };
  const docItem = (id: number) => ({
    ArchiveID: t.x.archive,
    DocID: id,
    Hash: secureId(t.secret, 'doc', t.w.alpha, id),
  });
  const inboxItem = (name: string) => ({ InboxId: t.i.scans, Path: name });
  /** POST dbs/{db}/merge; the answer's body */
  const merge = async (body: object): Promise<unknown> =>
    (
      await as(request(t.app).post(`${API}dbs/${t.w.alpha}/merge`))
        .send(body)
        .expect(200)
    ).body;
  return { ...t, as, upload, importFile, contentSearch, docItem, inboxItem, merge };
}
