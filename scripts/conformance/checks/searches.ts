// Searches, their prompts and their execution (wire §2.4): lists, the Result and Doc objects,
// Count=true, pages, sort, both SearchCriteria spellings and the required SecureId.
import { array, keys, object, status, that } from '../expect';
import { DOCUMENTS_TEMPLATE, documentsPath, type Discovery } from '../discover';
import { Skip, type Check, type Context } from '../types';
import { FIELD } from './catalogue';

const SEARCH = {
  Id: 'int',
  Name: 'string',
  Parent: 'int',
  Hash: 'string',
  Props: 'int',
  Fuzzy: 'int',
  Settings: 'int',
  Grouping: 'string',
  Archives: 'array',
  Detail: 'array',
} as const;
const PROMPT = {
  ID: 'int',
  FID: 'int',
  ListID: 'int',
  ListF1: 'int',
  ListF2: 'int',
  Parent: 'int',
  Operator: 'int',
  Prompt: 'string',
  VAL: 'string',
  Prop: 'int',
  FieldType: 'int',
  Mask: 'string',
} as const;
const RESULT = {
  Count: 'int',
  Docs: 'array',
  Fields: 'array',
  FolderOptions: 'string',
  PdfConvertStatus: 'boolean',
  Terms: 'boolean',
  WorkflowStatus: 'int',
} as const;
export const DOC = {
  Id: 'int',
  Hash: 'string',
  Tid: 'int',
  Fields: 'array',
  Version: 'int',
  RootVersionId: 'int',
  User_Name: 'string',
  Hits: 'int',
  Permissions: 'int',
  RevisionOptions: 'int',
  Revisions: 'boolean',
  VersionArchive: 'int',
  FileType: 'string',
} as const;
export const VALUE = { ID: 'int', VAL: 'string', MVAL: 'array' } as const;

/** Run the discovered search with these query parameters. */
export async function runSearch(
  ctx: Context,
  f: Discovery,
  label: string,
  query: Record<string, string | number>,
) {
  return ctx.wire.call(label, documentsPath(f.db.Id, f.search.Id, f.archiveId), {
    token: f.token,
    query: { SecureId: f.search.Hash, ...query },
    template: DOCUMENTS_TEMPLATE,
  });
}

const idsOf = (json: unknown): number[] =>
  (array(object(json, 'Result').Docs, 'Docs') as { Id: number }[]).map((d) => d.Id);

/** Check a Result object (§2.4) and its Docs, Fields and field values; the Docs. */
export function checkResult(json: unknown, what: string): Record<string, unknown>[] {
  const result = keys(json, RESULT, what);
  for (const f of result.Fields as unknown[]) keys(f, FIELD, `${what}: Fields[]`);
  const docs = result.Docs as Record<string, unknown>[];
  for (const d of docs) {
    const doc = keys(d, DOC, `${what}: Docs[]`);
    const type = String(doc.FileType);
    that(type === '' || type.startsWith('.'), `${what}: FileType`, 'a leading dot', type);
    for (const v of doc.Fields as unknown[]) keys(v, VALUE, `${what}: Docs[].Fields[]`);
  }
  return docs;
}

export const searchChecks: Check[] = [
  {
    id: 'searches.list',
    group: 'searches',
    title:
      'GET dbs/{db}/searches answers a bare array of Search {Id,Name,Parent,Hash,Props,Fuzzy,Settings,Grouping,Archives,Detail} (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const a = await ctx.wire.call('searches', `dbs/${db.Id}/searches`, {
        token,
        template: 'dbs/{db}/searches',
      });
      status(a, 200, 'GET searches');
      const list = array(a.json, 'searches');
      that(list.length > 0, 'searches', 'at least one', list);
      for (const s of list) keys(s, SEARCH, 'Search');
    },
  },
  {
    id: 'searches.prompts',
    group: 'searches',
    title:
      'Search prompts (Detail[]) are {ID,FID,ListID,ListF1,ListF2,Parent,Operator,Prompt,VAL,Prop,FieldType,Mask}, Operator 1-7 (§2.4, §4)',
    ref: '§2.4',
    async run(ctx) {
      const { search } = await ctx.found();
      for (const p of search.raw.Detail as unknown[]) {
        const prompt = keys(p, PROMPT, 'Prompt');
        const op = prompt.Operator as number;
        that(op >= 1 && op <= 7, 'Prompt Operator', '1..7', op);
      }
    },
  },
  {
    id: 'searches.of-archive',
    group: 'searches',
    title: "GET dbs/{db}/archives/{id}/searches answers a bare array of that archive's searches (§2.4)",
    ref: '§2.4',
    async run(ctx) {
      const { token, db, search } = await ctx.found();
      const a = await ctx.wire.call('searches', `dbs/${db.Id}/archives/${search.Parent}/searches`, {
        token,
        template: 'dbs/{db}/archives/{archive}/searches',
      });
      status(a, 200, 'GET archives/{id}/searches');
      const list = array(a.json, 'searches').map((s) => keys(s, SEARCH, 'Search'));
      that(
        list.some((s) => s.Id === search.Id),
        'archive searches',
        `holding search ${search.Id}`,
        list.map((s) => s.Id),
      );
    },
  },
  {
    id: 'searches.one',
    group: 'searches',
    title: 'GET dbs/{db}/searches/{id} answers a bare array holding the one Search (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const { token, db, search } = await ctx.found();
      const a = await ctx.wire.call('search', `dbs/${db.Id}/searches/${search.Id}`, {
        token,
        template: 'dbs/{db}/searches/{search}',
      });
      status(a, 200, 'GET searches/{id}');
      const list = array(a.json, 'search');
      that(list.length === 1, 'GET searches/{id}', 'one Search', list.length);
      that(keys(list[0], SEARCH, 'Search').Id === search.Id, 'Search Id', String(search.Id), list[0]);
    },
  },
  {
    id: 'searches.result',
    group: 'searches',
    title:
      'Running a search answers the Result {Count,Docs,Fields,FolderOptions,PdfConvertStatus,Terms,WorkflowStatus}; Docs with FileType ".ext" and values {ID,VAL,MVAL} (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const f = await ctx.found();
      const a = await runSearch(ctx, f, 'run', { SearchCriteria: '{}', page: 1, RecordsPerPage: 50 });
      status(a, 200, 'run a search');
      that(checkResult(a.json, 'Result').length > 0, 'Docs', 'documents', a.text);
    },
  },
  {
    id: 'searches.count',
    group: 'searches',
    title: 'Count=true answers {"ArchiveId","Count"} with the number of documents found (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const f = await ctx.found();
      const a = await runSearch(ctx, f, 'count', { SearchCriteria: '{}', Count: 'true' });
      status(a, 200, 'Count=true');
      const body = keys(a.json, { ArchiveId: 'int', Count: 'int' }, 'Count=true');
      that(body.ArchiveId === f.archiveId, 'ArchiveId', String(f.archiveId), body.ArchiveId);
      const count = body.Count as number;
      const ok = f.docs.length < 50 ? count === f.docs.length : count >= f.docs.length;
      that(
        ok,
        'Count',
        `${f.docs.length < 50 ? '' : 'at least '}${f.docs.length} (the documents of page 1)`,
        count,
      );
    },
  },
  {
    id: 'searches.pages',
    group: 'searches',
    title:
      'RecordsPerPage=2 pages 1 and 2 (Page or page) are the first four documents, in order, without overlap (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const f = await ctx.found();
      const all = f.docs.map((d) => d.Id);
      const one = await runSearch(ctx, f, 'page 1', { SearchCriteria: '{}', page: 1, RecordsPerPage: 2 });
      const two = await runSearch(ctx, f, 'page 2', { SearchCriteria: '{}', Page: 2, RecordsPerPage: 2 });
      status(one, 200, 'page 1');
      status(two, 200, 'Page 2');
      const got = [...idsOf(one.json), ...idsOf(two.json)];
      that(
        got.join(',') === all.slice(0, 4).join(','),
        'pages 1 and 2',
        all.slice(0, 4).join(','),
        got.join(','),
      );
    },
  },
  {
    id: 'searches.sort',
    group: 'searches',
    title: 'Sort=<field id> orders the documents by that column (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const f = await ctx.found();
      const fields = await f.fields(f.archiveId);
      const field =
        fields.find((x) => (x.Type === 2 || x.Type === 4) && !(x.Prop & 32)) ??
        fields.find((x) => x.Type === 1 && !(x.Prop & 32));
      if (!field) throw new Skip('no single-value field to sort on');
      const a = await runSearch(ctx, f, 'sorted', {
        SearchCriteria: '{}',
        page: 1,
        RecordsPerPage: 50,
        Sort: field.ID,
      });
      status(a, 200, `Sort=${field.ID}`);
      const docs = array(object(a.json, 'Result').Docs, 'Docs') as {
        Fields: { ID: number; VAL: string }[];
      }[];
      const values = docs
        .map((d) => d.Fields.find((v) => v.ID === field.ID)?.VAL ?? '')
        .filter((v) => v !== '');
      const numeric = field.Type !== 1;
      const sorted = [...values].sort((x, y) =>
        numeric ? Number(x) - Number(y) : x.localeCompare(y, 'en', { sensitivity: 'base' }),
      );
      that(
        values.join('|') === sorted.join('|'),
        `Sort=${field.ID} (${field.Name})`,
        sorted.slice(0, 6).join(' ≤ '),
        values.slice(0, 6).join(', '),
      );
    },
  },
  {
    id: 'searches.criteria',
    group: 'searches',
    title:
      'SearchCriteria as strict JSON {"11":"v"} and with unquoted keys {11:"v"} find the same documents (§2.4)',
    ref: '§2.4',
    async run(ctx) {
      const f = await ctx.found();
      const prompt = f.search.Detail.find(
        (p) =>
          (p.Operator === 1 || p.Operator === 2) &&
          f.docs.some((d) =>
            d.Fields.some((v) => v.ID === p.FID && /^[\w .-]+$/.test(v.VAL) && v.VAL !== ''),
          ),
      );
      if (!prompt) throw new Skip('no equals/contains prompt with a value to search for');
      const value =
        f.docs
          .flatMap((d) => d.Fields)
          .find((v) => v.ID === prompt.FID && /^[\w .-]+$/.test(v.VAL) && v.VAL !== '')?.VAL ?? '';
      const strict = await runSearch(ctx, f, 'strict JSON', {
        SearchCriteria: JSON.stringify({ [prompt.ID]: value }),
        RecordsPerPage: 50,
      });
      const loose = await runSearch(ctx, f, 'unquoted keys', {
        SearchCriteria: `{${prompt.ID}:${JSON.stringify(value)}}`,
        RecordsPerPage: 50,
      });
      status(strict, 200, 'strict JSON criteria');
      status(loose, 200, 'unquoted-key criteria');
      const [a, b] = [idsOf(strict.json), idsOf(loose.json)];
      that(a.length > 0, `criteria {${prompt.ID}:"${value}"}`, 'at least one document', a.length);
      that(a.join(',') === b.join(','), 'unquoted-key criteria', a.join(','), b.join(','));
    },
  },
  {
    id: 'searches.secureid-required',
    group: 'searches',
    title:
      'Running a search without its SecureId is refused (4xx) with the {"Message"} envelope (§2.4 SecureId required, §5)',
    ref: '§2.4, §5',
    async run(ctx) {
      const f = await ctx.found();
      const a = await ctx.wire.call('no SecureId', documentsPath(f.db.Id, f.search.Id, f.archiveId), {
        token: f.token,
        query: { SearchCriteria: '{}' },
        template: DOCUMENTS_TEMPLATE,
      });
      that(a.status >= 400 && a.status < 500, 'status without SecureId', '4xx', a.status);
      keys(a.json, { Message: 'string' }, 'error body', false);
    },
  },
];
