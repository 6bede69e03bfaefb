// One document (wire §2.5, §2.3): its Result, the secure-ID lookup, the file (with byte ranges,
// any path and query-key casing), the thumbnail, revisions and history.
import { array, header, keys, status, that } from '../expect';
import type { DocEntry, Discovery } from '../discover';
import { Skip, type Check, type Context } from '../types';
import { checkResult } from './searches';

const LOG_ENTRY = {
  DatabaseID: 'int',
  DocumentID: 'int',
  ArchiveID: 'int',
  OldArchiveID: 'int',
  OldDocID: 'int',
  Message: 'string',
  UserName: 'string',
  ConnectionsString: 'string',
  Time: 'string',
} as const;

const DOC_TEMPLATE = 'dbs/{db}/archives/{archive}/documents/{doc}';

/** The first document of the search that has a file. */
async function fileDoc(ctx: Context): Promise<{ f: Discovery; doc: DocEntry; path: string }> {
  const f = await ctx.found();
  const doc = f.docs.find((d) => d.FileType);
  if (!doc) throw new Skip('no document with a file');
  return { f, doc, path: `dbs/${f.db.Id}/archives/${f.archiveId}/documents/${doc.Id}` };
}

async function wholeFile(ctx: Context, label: string) {
  const { f, doc, path } = await fileDoc(ctx);
  const a = await ctx.wire.call(label, `${path}/File`, {
    token: f.token,
    query: { SecureId: doc.Hash },
    template: `${DOC_TEMPLATE}/File`,
    dataHeaders: ['content-type'],
  });
  status(a, 200, 'GET …/File');
  return a;
}

export const documentChecks: Check[] = [
  {
    id: 'documents.result',
    group: 'documents',
    title:
      'GET …/documents/{id}?SecureId= answers the Result object holding the document as Docs[0] (§2.5, §2.4 Result)',
    ref: '§2.5',
    async run(ctx) {
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('document', path, {
        token: f.token,
        query: { SecureId: doc.Hash },
        template: DOC_TEMPLATE,
      });
      status(a, 200, 'GET documents/{id}');
      const docs = checkResult(a.json, 'document Result');
      that(docs[0]?.Id === doc.Id, 'Docs[0].Id', String(doc.Id), docs[0]?.Id);
    },
  },
  {
    id: 'documents.secure-id',
    group: 'documents',
    title:
      "GET dbs/{db}/archives/{id}?DocumentID= answers the document's secure ID as a JSON string (§2.3, §1 bare strings)",
    ref: '§2.3',
    async run(ctx) {
      const { f, doc } = await fileDoc(ctx);
      const a = await ctx.wire.call('lookup', `dbs/${f.db.Id}/archives/${f.archiveId}`, {
        token: f.token,
        query: { DocumentID: doc.Id },
        template: 'dbs/{db}/archives/{archive}?DocumentID=',
      });
      status(a, 200, 'GET archives/{id}?DocumentID=');
      that(typeof a.json === 'string' && a.json !== '', 'secure ID', 'a JSON string', a.text);
    },
  },
  {
    id: 'documents.file',
    group: 'documents',
    title: 'GET …/File streams the native bytes with their Content-Length, not JSON (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const a = await wholeFile(ctx, 'file');
      that(a.bytes.length > 0, 'file', 'bytes', 'an empty body');
      header(a, 'Content-Length', String(a.bytes.length), 'GET …/File');
      that(
        !/json/i.test(a.headers.get('content-type') ?? ''),
        'file Content-Type',
        "the file's type",
        a.headers.get('content-type'),
      );
    },
  },
  {
    id: 'documents.file-casing',
    group: 'documents',
    title:
      'GET …/file with secureid (lower case) answers the same bytes as …/File?SecureId= (§1: HL vs HLold)',
    ref: '§1, §2.5',
    async run(ctx) {
      const whole = await wholeFile(ctx, 'File');
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('file', `${path}/file`, {
        token: f.token,
        query: { secureid: doc.Hash },
        template: `${DOC_TEMPLATE}/file?secureid=`,
        dataHeaders: ['content-type'],
      });
      status(a, 200, 'GET …/file?secureid=');
      that(
        Buffer.from(a.bytes).equals(Buffer.from(whole.bytes)),
        '…/file bytes',
        'those of …/File',
        `${a.bytes.length} bytes`,
      );
    },
  },
  {
    id: 'documents.range',
    group: 'documents',
    title:
      'GET …/File with Range: bytes=0-9 answers 206, Content-Range bytes 0-9/<size> and the first ten bytes (§2.5 File; RFC 9110 §14)',
    ref: '§2.5',
    async run(ctx) {
      const whole = await wholeFile(ctx, 'whole');
      if (whole.bytes.length < 20) throw new Skip('the file is under 20 bytes');
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('range', `${path}/File`, {
        token: f.token,
        query: { SecureId: doc.Hash },
        headers: { Range: 'bytes=0-9' },
        template: `${DOC_TEMPLATE}/File`,
        dataHeaders: ['content-type'],
      });
      status(a, 206, 'Range: bytes=0-9');
      header(a, 'Content-Range', `bytes 0-9/${whole.bytes.length}`, 'Range: bytes=0-9');
      const first = Buffer.from(whole.bytes).subarray(0, 10);
      that(
        Buffer.from(a.bytes).equals(first),
        'range bytes',
        'the first ten bytes',
        `${a.bytes.length} bytes`,
      );
    },
  },
  {
    id: 'documents.range-unsatisfiable',
    group: 'documents',
    title:
      'A Range past the end of the file is 416 with Content-Range bytes */<size> (§2.5 File; RFC 9110 §15.5.17)',
    ref: '§2.5',
    async run(ctx) {
      const whole = await wholeFile(ctx, 'whole');
      const { f, doc, path } = await fileDoc(ctx);
      const size = whole.bytes.length;
      const a = await ctx.wire.call('past the end', `${path}/File`, {
        token: f.token,
        query: { SecureId: doc.Hash },
        headers: { Range: `bytes=${size + 100}-${size + 200}` },
        template: `${DOC_TEMPLATE}/File`,
      });
      status(a, 416, 'Range past the end');
      header(a, 'Content-Range', `bytes */${size}`, 'Range past the end');
    },
  },
  {
    id: 'documents.thumb',
    group: 'documents',
    title: 'GET …/thumb?SecureId= answers a JPEG thumbnail (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('thumb', `${path}/thumb`, {
        token: f.token,
        query: { SecureId: doc.Hash, height: 100, width: 100 },
        template: `${DOC_TEMPLATE}/thumb`,
      });
      status(a, 200, 'GET …/thumb');
      header(a, 'Content-Type', /^image\/jpeg/, 'GET …/thumb');
      that(
        a.bytes[0] === 0xff && a.bytes[1] === 0xd8,
        'thumb bytes',
        'a JPEG (FF D8)',
        Buffer.from(a.bytes.subarray(0, 4)).toString('hex'),
      );
    },
  },
  {
    id: 'documents.revisions',
    group: 'documents',
    title: 'GET …/rev?SecureId= answers an array of {DocId,SecureId,Version} (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('rev', `${path}/rev`, {
        token: f.token,
        query: { SecureId: doc.Hash },
        template: `${DOC_TEMPLATE}/rev`,
      });
      status(a, 200, 'GET …/rev');
      for (const r of array(a.json, 'revisions'))
        keys(r, { DocId: 'int', SecureId: 'string', Version: 'int' }, 'revision');
    },
  },
  {
    id: 'documents.history',
    group: 'documents',
    title:
      'GET …/audit?secureId= answers an array of LogEntry {DatabaseID,DocumentID,ArchiveID,OldArchiveID,OldDocID,Message,UserName,ConnectionsString,Time} (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const { f, doc, path } = await fileDoc(ctx);
      const a = await ctx.wire.call('audit', `${path}/audit`, {
        token: f.token,
        query: { secureId: doc.Hash },
        template: `${DOC_TEMPLATE}/audit`,
      });
      status(a, 200, 'GET …/audit');
      const entries = array(a.json, 'history');
      that(entries.length > 0, 'history', 'at least one entry', entries);
      for (const e of entries) {
        const entry = keys(e, LOG_ENTRY, 'LogEntry');
        that(entry.DocumentID === doc.Id, 'LogEntry DocumentID', String(doc.Id), entry.DocumentID);
      }
    },
  },
];
