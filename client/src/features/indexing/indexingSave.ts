// What Save sends (spec §5): the editable fields' values in wire form, checked by the server
// (`POST indexes`) when any is filled, then imported with the files (`POST dbs/{db}/archives/{a}`,
// from an inbox with useViewerCache) or, for a captured batch's document, indexed by the capture API.
import type { FieldValue } from '@gs/contract/fields';
import { FieldProp, SYSTEM_FIELD_PROPS } from '@gs/contract/flags';
import type { ImportBody } from '@gs/contract/upload';
import type { Http } from '../../api/http';
import { checkFieldValues } from '../../api/documents';
import type { FieldSpec } from '../../lib/fieldSpec';
import { serverCheck, toWireValue, type ValueCheck } from '../../lib/fieldValidation';
import { saveBatchDocument } from '../batches/batchSave';
import { getInboxFileDetails, importDocuments } from './indexingApi';
import type { IndexingTarget } from './indexingPath';

const NOT_INDEXED = SYSTEM_FIELD_PROPS | FieldProp.TableField;
/** A field the indexer fills (not a system or table field). */
export const isEditable = (spec: FieldSpec): boolean => (spec.prop & NOT_INDEXED) === 0;

export interface IndexingSave {
  http: Http;
  /** the capture API's client, for a batch's document */
  captureHttp: Http;
  target: IndexingTarget;
  /** every field of the archive */
  specs: FieldSpec[];
  values: Record<number, string[]>;
  locale: string;
}

/** Either the server's refusals by field ID (nothing was saved), or how many documents were made. */
export type SaveOutcome = { refused: Record<number, ValueCheck> } | { saved: number };

/** The editable fields' values as the wire carries them (empty values left out of a multi-value). */
export function wireValues(
  specs: FieldSpec[],
  values: Record<number, string[]>,
  locale: string,
): FieldValue[] {
  return specs.filter(isEditable).map((spec) => {
    const texts = (values[spec.id] ?? []).map((v) => toWireValue(spec, v, locale)).filter((v) => v !== '');
    return { ID: spec.id, VAL: texts[0] ?? '', MVAL: texts.length > 1 ? texts : [] };
  });
}

async function importFiles(http: Http, target: IndexingTarget): Promise<string[]> {
  if (!target.inbox) return target.importDocs;
  // the import names the inbox file as its DocDetails do (wire §2.7)
  const details = await getInboxFileDetails(http, target.inbox.id, target.inbox.fileName);
  return [details.FileName || target.inbox.fileName];
}

/** Checks the values with the server, then imports; a failed request throws (importErrors.ts reads it). */
export async function saveIndexing(save: IndexingSave): Promise<SaveOutcome> {
  const { http, target } = save;
  const { db, archive } = target;
  const wire = wireValues(save.specs, save.values, save.locale);
  const filled = wire.filter((v) => v.VAL !== '');
  if (filled.length) {
    const results = await checkFieldValues(http, db, archive, filled);
    const refused = (Array.isArray(results) ? results : []).filter((r) => !r.Valid);
    if (refused.length)
      return {
        refused: Object.fromEntries(refused.map((r) => [r.ID, serverCheck(r)])),
      };
  }
  const body: ImportBody = {
    fields: wire.flatMap((v) =>
      (v.MVAL.length ? v.MVAL : [v.VAL]).map((value) => ({ name: String(v.ID), value })),
    ),
    files: (await importFiles(http, target)).map((name) => ({ name })),
  };
  const ids = target.batch
    ? await saveBatchDocument(save.captureHttp, target, body)
    : await importDocuments(http, db, archive, body, target.inbox?.id);
  return { saved: Array.isArray(ids) && ids.length > 1 ? ids.length : 1 };
}
