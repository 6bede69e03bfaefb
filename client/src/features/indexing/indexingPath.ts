// The address of the indexing view (spec §2: #/view with db, a and ImportDoc...): where a captured
// or uploaded document is indexed into an archive. Scanning, upload, drag-and-drop and "send to
// archive" from an inbox all arrive here through this one builder.
import { routes } from '../../app/paths';

export interface IndexingTarget {
  db: number;
  /** the archive the document is imported into */
  archive: number;
  /** server cache names (WebPortalCache) of the uploaded files, in order */
  importDocs: string[];
  /** the names the user knows the uploaded files by (ImportName, beside ImportDoc): a kept file gets it */
  importNames?: string[];
  /** the inbox file being sent to the archive, instead of uploaded files */
  inbox?: { id: number; fileName: string };
  /** pages (1-based) to keep, when only part of the document is indexed */
  requestedPages?: number[];
  deleteBurstedPages?: boolean;
  overrideBatchCriteria?: boolean;
  fromIndexer?: boolean;
  ogArchive?: number;
  ogDoc?: number;
  criteria?: string;
  /** a captured document of a batch portal (spec §2: portalId, batchId, docId); save goes to the portal */
  batch?: { portalId: number; batchId: number; docId: number };
}

export function indexingPath(target: IndexingTarget): string {
  const query = new URLSearchParams();
  query.set('db', String(target.db));
  query.set('a', String(target.archive));
  for (const name of target.importDocs) query.append('ImportDoc', name);
  for (const name of target.importNames ?? []) query.append('ImportName', name);
  if (target.inbox) {
    query.set('inboxId', String(target.inbox.id));
    query.set('inboxFile', target.inbox.fileName);
  }
  for (const page of target.requestedPages ?? []) query.append('RequestedPages', String(page));
  if (target.deleteBurstedPages) query.set('deleteBurstedPages', 'true');
  if (target.overrideBatchCriteria) query.set('overrideBatchCriteria', 'true');
  if (target.fromIndexer) query.set('fromIndexer', 'true');
  if (target.ogArchive) query.set('ogArchive', String(target.ogArchive));
  if (target.ogDoc) query.set('ogDoc', String(target.ogDoc));
  if (target.criteria) query.set('criteria', target.criteria);
  if (target.batch) {
    query.set('portalId', String(target.batch.portalId));
    query.set('batchId', String(target.batch.batchId));
    query.set('docId', String(target.batch.docId));
  }
  return `${routes.view}?${query.toString()}`;
}

/** Reads an indexing address back; null when it is not one (no ImportDoc and no inbox file). */
export function readIndexingTarget(search: URLSearchParams): IndexingTarget | null {
  const db = Number(search.get('db'));
  const archive = Number(search.get('a'));
  const importDocs = search.getAll('ImportDoc').filter(Boolean);
  const inboxId = Number(search.get('inboxId'));
  const inboxFile = search.get('inboxFile');
  const inbox = inboxId > 0 && inboxFile ? { id: inboxId, fileName: inboxFile } : undefined;
  if (!(db > 0) || !(archive > 0) || (importDocs.length === 0 && !inbox)) return null;
  const flag = (name: string) => search.get(name) === 'true';
  const int = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    db,
    archive,
    importDocs,
    importNames: search.getAll('ImportName'),
    inbox,
    requestedPages: search
      .getAll('RequestedPages')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    deleteBurstedPages: flag('deleteBurstedPages'),
    overrideBatchCriteria: flag('overrideBatchCriteria'),
    fromIndexer: flag('fromIndexer'),
    ogArchive: int('ogArchive'),
    ogDoc: int('ogDoc'),
    criteria: search.get('criteria') ?? undefined,
    batch: batchOf(int('portalId'), int('batchId'), int('docId')),
  };
}

const batchOf = (portalId?: number, batchId?: number, docId?: number): IndexingTarget['batch'] =>
  portalId && batchId && docId ? { portalId, batchId, docId } : undefined;
