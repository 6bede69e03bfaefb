// Synthetic documents: N per archive, values from synthValues.ts, each with a one-page PDF that
// shows its index values (rendered as the demo's are, fixtures render/), and an "indexed" entry
// of history by the seeding account. No value of the source's documents is copied.
import { FieldProp } from '@gs/contract/flags';
import { createRng } from '@gs/simulator-fixtures/random';
import { PageBuilder, type DocumentLayout } from '@gs/simulator-fixtures/render/layout';
import { renderPdf } from '@gs/simulator-fixtures/render/pdf';
import type { Progress } from './progress';
import type { Spool } from './spool';
import type { SnapDatabase, SnapDocument } from './model';
import { synthValues } from './synthValues';

const DAY_MS = 86_400_000;

function layoutOf(archive: string, lines: [string, string][]): DocumentLayout {
  const page = new PageBuilder();
  page.line(archive, { size: 16, font: 'bold', gap: 10 });
  page.space(10);
  for (const [label, value] of lines) page.pair(`${label}:`, value, undefined, 160);
  return { title: archive, pages: [page.page] };
}

export interface SynthOptions {
  perArchive: number;
  seen: ReadonlyMap<string, string[]>;
  /** who the history says indexed them */
  indexedBy: string;
  now: number;
  progress: Progress;
  spool: Spool;
}

export async function synthDocuments(dbs: SnapDatabase[], o: SynthOptions): Promise<SnapDocument[]> {
  const out: SnapDocument[] = [];
  const archives = dbs.flatMap((db) => db.archives.map((archive) => ({ db, archive })));
  o.progress.begin('making documents', archives.length * o.perArchive);
  for (const { db, archive } of archives) {
    const rng = createRng(`synth:${db.name}:${archive.name}`);
    const names = new Map(db.fields.map((f) => [f.id, f.name]));
    const writable = archive.fieldIds.some((id) => {
      const f = db.fields.find((x) => x.id === id);
      return f && !(f.prop & FieldProp.TableField);
    });
    for (let i = 0; i < o.perArchive; i++) {
      const values = writable ? synthValues({ db, rng, seen: o.seen, now: o.now }, archive.fieldIds) : [];
      const lines = values.map((v): [string, string] => [
        names.get(v.id) ?? String(v.id),
        v.mval.length ? v.mval.join(', ') : v.val,
      ]);
      const time = o.now - rng.int(1, 3 * 365) * DAY_MS;
      out.push({
        dbId: db.id,
        archiveId: archive.id,
        values,
        fileType: '.pdf',
        file: await o.spool(await renderPdf(layoutOf(archive.name, lines), { author: o.indexedBy }), '.pdf'),
        history: [{ userName: o.indexedBy, category: 'indexed', message: 'Document indexed', time }],
      });
      o.progress.add('documents');
      o.progress.step();
    }
  }
  return out;
}
