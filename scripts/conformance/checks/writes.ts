// With --write (wire §2.6, §2.5): upload, import (lower-camel and PascalCase bodies), field edits
// and their refusal, a history entry, copy and delete, on documents the kit creates and removes.
import { array, failed, header, isInt, keys, object, status, that } from '../expect';
import type { Check, Context } from '../types';
import {
  createdDocs,
  imported,
  upload,
  valueOf,
  writeTarget,
  type Created,
  type WriteTarget,
} from './writeTarget';

const docPath = (t: WriteTarget, doc: Created, suffix = ''): string =>
  `dbs/${t.f.db.Id}/archives/${t.archiveId}/documents/${doc.id}${suffix}`;
const DOC_TEMPLATE = 'dbs/{db}/archives/{archive}/documents/{doc}';

/** Import the cache file with this body; the new document (id from the body, hash by lookup). */
async function importDoc(ctx: Context, t: WriteTarget, body: unknown, label: string): Promise<Created> {
  const a = await ctx.wire.call(label, `dbs/${t.f.db.Id}/archives/${t.archiveId}`, {
    method: 'POST',
    token: t.f.token,
    json: body,
    template: 'dbs/{db}/archives/{archive}',
  });
  status(a, 200, 'POST dbs/{db}/archives/{archive} (import)');
  const ids = array(a.json, 'import answer');
  that(ids.length === 1 && isInt(ids[0]), 'import answer', 'an array of one new document id', a.text);
  const id = ids[0] as number;
  const lookup = await ctx.wire.call('secure id', `dbs/${t.f.db.Id}/archives/${t.archiveId}`, {
    token: t.f.token,
    query: { DocumentID: id },
    template: 'dbs/{db}/archives/{archive}?DocumentID=',
  });
  status(lookup, 200, 'secure ID of the new document');
  const doc = { id, hash: String(lookup.json) };
  createdDocs(ctx).push(doc);
  const hashes = a.headers.get('Doc-Hashes');
  if (hashes !== null) that(hashes === `${id},${doc.hash}`, 'Doc-Hashes', `${id},<secure id>`, hashes);
  return doc;
}

const save = (ctx: Context, t: WriteTarget, doc: Created, body: unknown, label: string) =>
  ctx.wire.call(label, docPath(t, doc, '/save'), {
    method: 'POST',
    token: t.f.token,
    query: { SecureId: doc.hash },
    json: body,
    template: `${DOC_TEMPLATE}/save`,
  });

export const writeChecks: Check[] = [
  {
    id: 'writes.upload',
    group: 'writes',
    write: true,
    title:
      'POST files (multipart, part File) answers {"files":[{"name","isEmail","oEmailData"}]} in lower camel case, as text/plain (§2.6 step 1)',
    ref: '§2.6',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const { answer, name } = await upload(ctx, t.f.token);
      header(answer, 'Content-Type', /^text\/plain/, 'POST files');
      const files = array(keys(answer.json, { files: 'array' }, 'upload answer').files, 'files');
      for (const x of files)
        keys(
          x,
          {
            name: 'string',
            isEmail: 'boolean',
            oEmailData: 'any',
            'test?': 'any',
            'originalName?': 'string',
          },
          'uploaded file',
        );
      that(name !== '', 'files[0].name', 'the cache file name', name);
      ctx.shared.set('cacheName', name);
    },
  },
  {
    id: 'writes.import',
    group: 'writes',
    write: true,
    title:
      'POST dbs/{db}/archives/{id} with {"fields":[{"name":"<field id>","value"}],"files":[{"name"}]} answers [newId] (and Doc-Hashes id,secureId); the values are stored (§2.6 step 4)',
    ref: '§2.6',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const cache =
        (ctx.shared.get('cacheName') as string | undefined) ?? (await upload(ctx, t.f.token)).name;
      ctx.shared.delete('cacheName');
      const doc = await importDoc(ctx, t, { fields: t.fill, files: [{ name: cache }] }, 'import');
      ctx.shared.set('imported', doc);
      const sent = t.fill.find((x) => x.name === String(t.edited.ID))?.value;
      const stored = await valueOf(ctx, t, doc, t.edited.ID, 'read back');
      that(stored === sent, `field ${t.edited.Name}`, String(sent), stored);
    },
  },
  {
    id: 'writes.import-pascal',
    group: 'writes',
    write: true,
    title:
      'The import also takes HL\'s PascalCase body {"Fields":[{"Name","Value"}],"Files":[{"Name"}]} (§2.6 step 4, §1 accept any casing)',
    ref: '§2.6, §1',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const { name } = await upload(ctx, t.f.token);
      const body = { Fields: t.fill.map((x) => ({ Name: x.name, Value: x.value })), Files: [{ Name: name }] };
      const doc = await importDoc(ctx, t, body, 'import PascalCase');
      const sent = t.fill.find((x) => x.name === String(t.edited.ID))?.value;
      that(
        (await valueOf(ctx, t, doc, t.edited.ID, 'read back')) === sent,
        `field ${t.edited.Name}`,
        String(sent),
        'another value',
      );
    },
  },
  {
    id: 'writes.save',
    group: 'writes',
    write: true,
    title:
      'POST …/save {"IndexData":{"IndexFields":[{"ID","VAL","MVAL"}]}} changes the value, and HL\'s {Id,Val,Mval} too (§2.5 save, §1)',
    ref: '§2.5',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const doc = imported(ctx);
      const id = t.edited.ID;
      const a = await save(
        ctx,
        t,
        doc,
        { IndexData: { IndexFields: [{ ID: id, VAL: 'Edited once', MVAL: [] }] } },
        'save',
      );
      status(a, 200, 'POST …/save');
      that(
        (await valueOf(ctx, t, doc, id, 'read back')) === 'Edited once',
        'saved value',
        'Edited once',
        'another value',
      );
      const b = await save(
        ctx,
        t,
        doc,
        { IndexData: { IndexFields: [{ Id: id, Val: 'Edited twice', Mval: [] }] } },
        'save HL casing',
      );
      status(b, 200, 'POST …/save with Id/Val/Mval');
      that(
        (await valueOf(ctx, t, doc, id, 'read back')) === 'Edited twice',
        'saved value',
        'Edited twice',
        'another value',
      );
    },
  },
  {
    id: 'writes.save-invalid',
    group: 'writes',
    write: true,
    title:
      'A /save with a value its field refuses (number, date, length) is not 2xx, answers {"Message"} and changes nothing (§2.5 save, §5)',
    ref: '§2.5, §5',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const doc = imported(ctx);
      const { field, invalid } = t.strict;
      const before = await valueOf(ctx, t, doc, field.ID, 'before');
      const a = await save(
        ctx,
        t,
        doc,
        { IndexData: { IndexFields: [{ ID: field.ID, VAL: invalid, MVAL: [] }] } },
        'invalid save',
      );
      failed(a, `POST …/save of '${invalid.slice(0, 20)}' into ${field.Name}`);
      keys(a.json, { Message: 'string' }, 'refusal body', false);
      that(
        (await valueOf(ctx, t, doc, field.ID, 'after')) === before,
        `field ${field.Name}`,
        `unchanged (${String(before)})`,
        'changed',
      );
    },
  },
  {
    id: 'writes.history',
    group: 'writes',
    write: true,
    title:
      'POST dbs/{db}/archives/{id}?documentID=&secureid= with a LogEntry adds it; …/audit then ends with that Message (§2.5 LogEntry)',
    ref: '§2.5',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const doc = imported(ctx);
      const message = `Conformance kit entry ${Date.now().toString(36)}`;
      const entry = {
        DatabaseID: t.f.db.Id,
        DocumentID: doc.id,
        ArchiveID: t.archiveId,
        OldArchiveID: 0,
        OldDocID: 0,
        Message: message,
        UserName: ctx.wire.user,
        ConnectionsString: '',
        Time: new Date().toISOString(),
      };
      const a = await ctx.wire.call('add entry', `dbs/${t.f.db.Id}/archives/${t.archiveId}`, {
        method: 'POST',
        token: t.f.token,
        query: { documentID: doc.id, secureid: doc.hash },
        json: entry,
        template: 'dbs/{db}/archives/{archive}?documentID=&secureid=',
      });
      status(a, 200, 'POST a LogEntry');
      const audit = await ctx.wire.call('audit', docPath(t, doc, '/audit'), {
        token: t.f.token,
        query: { secureId: doc.hash },
        template: `${DOC_TEMPLATE}/audit`,
      });
      status(audit, 200, 'GET …/audit');
      const entries = array(audit.json, 'history') as { Message?: unknown }[];
      that(entries.at(-1)?.Message === message, 'last history entry', message, entries.at(-1)?.Message);
    },
  },
  {
    id: 'writes.copy',
    group: 'writes',
    write: true,
    title:
      'GET …/copy?DestinationArchive=&SecureID= answers the new document id as a bare int; the copy exists (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const doc = imported(ctx);
      const a = await ctx.wire.call('copy', docPath(t, doc, '/copy'), {
        token: t.f.token,
        query: { DestinationArchive: t.archiveId, SecureID: doc.hash },
        template: `${DOC_TEMPLATE}/copy`,
      });
      status(a, 200, 'GET …/copy');
      that(isInt(a.json) && a.json !== doc.id, 'copy answer', 'a new document id (bare int)', a.text);
      const id = a.json as number;
      const lookup = await ctx.wire.call('secure id', `dbs/${t.f.db.Id}/archives/${t.archiveId}`, {
        token: t.f.token,
        query: { DocumentID: id },
        template: 'dbs/{db}/archives/{archive}?DocumentID=',
      });
      status(lookup, 200, 'secure ID of the copy');
      const copy = { id, hash: String(lookup.json) };
      createdDocs(ctx).push(copy);
      that(
        (await valueOf(ctx, t, copy, t.edited.ID, 'read copy')) !== undefined,
        'the copy',
        'a document with the values',
        'none',
      );
    },
  },
  {
    id: 'writes.delete',
    group: 'writes',
    write: true,
    title: 'GET …/delete?SecureId= deletes with 200; the document is then gone (§2.5)',
    ref: '§2.5',
    async run(ctx) {
      const t = await writeTarget(ctx);
      const doc = imported(ctx);
      const a = await ctx.wire.call('delete', docPath(t, doc, '/delete'), {
        token: t.f.token,
        query: { SecureId: doc.hash },
        template: `${DOC_TEMPLATE}/delete`,
      });
      status(a, 200, 'GET …/delete');
      const list = createdDocs(ctx);
      list.splice(list.indexOf(doc), 1);
      const after = await ctx.wire.call('after delete', docPath(t, doc), {
        token: t.f.token,
        query: { SecureId: doc.hash },
        template: DOC_TEMPLATE,
      });
      failed(after, 'GET the deleted document');
      object(after.json ?? {}, 'answer about a deleted document');
    },
  },
];
