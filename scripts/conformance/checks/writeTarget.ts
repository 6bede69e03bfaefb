// What the write checks work on: an archive where the user may add, modify data and delete, the
// values its fields need, a small PDF, and the documents created so far (removed at the end).
import { array, object, status } from '../expect';
import type { Discovery, FieldDef } from '../discover';
import { Skip, type Context } from '../types';

/** Field Prop bits (§4): system fields, table fields, lists and multi-value ones are not filled. */
const SYSTEM = 4 | 8 | 16 | 256 | 1024 | 2048 | 512;
const LISTED = 64 | 128;
const REQUIRED = 2;
const MULTI = 32;

export interface Created {
  id: number;
  hash: string;
}

export interface WriteTarget {
  f: Discovery;
  archiveId: number;
  /** the values an import sends: every required field, and the edited one */
  fill: { name: string; value: string }[];
  /** a plain character field the kit edits */
  edited: FieldDef;
  /** a field refusing `invalid` (a number, date or length) */
  strict: { field: FieldDef; invalid: string };
}

const plain = (x: FieldDef): boolean => !(x.Prop & (SYSTEM | LISTED | MULTI)) && !x.List;

function valueFor(x: FieldDef): string {
  if (x.Type === 2) return '7';
  if (x.Type === 3) return '01/02/2024';
  if (x.Type === 4) return '1.5';
  return 'Conformance kit'.slice(0, x.Size > 0 ? x.Size : undefined);
}

async function find(ctx: Context): Promise<WriteTarget> {
  const f = await ctx.found();
  const rights = 1 | 2 | 8 | 1024;
  const candidates = [
    ...f.archives.filter((x) => x.Id === f.archiveId),
    ...f.archives.filter((x) => x.Id !== f.archiveId),
  ].filter((x) => (x.Permissions & rights) === rights);
  for (const archive of candidates) {
    const fields = await f.fields(archive.Id);
    const required = fields.filter((x) => x.Prop & REQUIRED && !(x.Prop & SYSTEM));
    // a required list field takes a value a document already holds (the list offers it)
    const sample = (x: FieldDef): string | undefined =>
      x.Prop & MULTI
        ? undefined
        : f.docs.flatMap((d) => d.Fields).find((v) => v.ID === x.ID && v.VAL !== '')?.VAL;
    const values = new Map(required.map((x) => [x.ID, plain(x) ? valueFor(x) : sample(x)]));
    if ([...values.values()].some((v) => v === undefined)) continue;
    const edited = fields.find((x) => plain(x) && x.Type === 1 && (x.Size === 0 || x.Size >= 15));
    if (!edited) continue;
    const typed = fields.find((x) => plain(x) && x.Type !== 1);
    const strict = typed
      ? { field: typed, invalid: typed.Type === 3 ? '13/45/2024' : 'not a number' }
      : edited.Size > 0
        ? { field: edited, invalid: 'x'.repeat(edited.Size + 1) }
        : undefined;
    if (!strict) continue;
    values.set(edited.ID, valueFor(edited));
    const fill = [...values].map(([id, value]) => ({ name: String(id), value: value ?? '' }));
    return { f, archiveId: archive.Id, fill, edited, strict };
  }
  throw new Skip('no archive where the user may add, modify data and delete with fields the kit can fill');
}

export function writeTarget(ctx: Context): Promise<WriteTarget> {
  let target = ctx.shared.get('target') as Promise<WriteTarget> | undefined;
  if (!target) {
    target = find(ctx);
    ctx.shared.set('target', target);
  }
  return target;
}

export const createdDocs = (ctx: Context): Created[] => {
  let list = ctx.shared.get('created') as Created[] | undefined;
  if (!list) ctx.shared.set('created', (list = []));
  return list;
};

/** The document the import check created (the later write checks work on it). */
export function imported(ctx: Context): Created {
  const doc = ctx.shared.get('imported') as Created | undefined;
  if (!doc) throw new Skip('needs the document writes.import creates');
  return doc;
}

/** A one-page PDF (xref offsets computed). */
export function tinyPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 50 Td (Conformance) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** POST files (multipart, part `File`): the answer and the cache name (§2.6). */
export async function upload(ctx: Context, token: string, label = 'upload') {
  const form = new FormData();
  form.append('File', new Blob([tinyPdf()], { type: 'application/pdf' }), 'conformance.pdf');
  const a = await ctx.wire.call(label, 'files', { method: 'POST', token, body: form });
  status(a, 200, 'POST files');
  const files = array(object(a.json, 'POST files').files, 'files') as { name?: unknown }[];
  return { answer: a, name: String(files[0]?.name ?? '') };
}

/** The value of a field of a document, read back through GET documents/{id} (§2.5). */
export async function valueOf(ctx: Context, t: WriteTarget, doc: Created, fieldId: number, label: string) {
  const a = await ctx.wire.call(label, `dbs/${t.f.db.Id}/archives/${t.archiveId}/documents/${doc.id}`, {
    token: t.f.token,
    query: { SecureId: doc.hash },
    template: 'dbs/{db}/archives/{archive}/documents/{doc}',
  });
  status(a, 200, 'GET documents/{id}');
  const docs = array(object(a.json, 'Result').Docs, 'Docs') as { Fields: { ID: number; VAL: string }[] }[];
  return docs[0]?.Fields.find((v) => v.ID === fieldId)?.VAL;
}
