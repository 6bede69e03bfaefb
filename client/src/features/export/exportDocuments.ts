// Which documents an export covers: the checked ones, in check order, or when none is checked
// every document the search finds in the archive shown (read page by page, 10000 at a time); and
// whether any of them waits for PDF conversion or sits inside a workflow, which the export refuses
// (spec §8). A search's Result reports `PdfConvertStatus` and `WorkflowStatus` for every document
// it finds, so the whole search needs nothing more; for checked documents the search is asked
// first (one row), and only when it reports something is each checked document's own Result read.
import { MAX_RECORDS_PER_PAGE, type SearchResult } from '@gs/contract/searches';
import type { Http } from '../../api/http';
import type { ExportDocument } from '../../api/helperBulk';
import { runSearch, type CriteriaValues } from '../../api/searches';
import { getDocumentData } from '../../api/viewer';
import type { CheckedDocument } from '../results/selection';

export interface ExportScope {
  db: number;
  archive: number;
  searchId: number;
  hash: string;
  criteria: CriteriaValues;
  checked: readonly CheckedDocument[];
}

export interface ExportSelection {
  docs: ExportDocument[];
  /** a document of the export is queued for or undergoing PDF conversion */
  pdfPending: boolean;
  /** a document of the export is inside a workflow */
  inWorkflow: boolean;
}

type Status = Pick<SearchResult, 'PdfConvertStatus' | 'WorkflowStatus'>;

const pdfPendingIn = (results: readonly Status[]): boolean => results.some((r) => r.PdfConvertStatus);
const inWorkflowIn = (results: readonly Status[]): boolean => results.some((r) => r.WorkflowStatus !== 0);

/** Checked documents' own Results, a few requests at a time. */
const CHECK_CONCURRENCY = 6;

async function checkedStatuses(http: Http, scope: ExportScope): Promise<Status[]> {
  const out: Status[] = [];
  const queue = [...scope.checked];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift())
      out.push(await getDocumentData(http, { db: c.db, archive: c.archive, id: c.doc.Id, hash: c.doc.Hash }));
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, queue.length) }, worker));
  return out;
}

const searchPage = (http: Http, scope: ExportScope, page: number, recordsPerPage: number) =>
  runSearch(http, {
    db: scope.db,
    searchId: scope.searchId,
    archive: scope.archive,
    hash: scope.hash,
    criteria: scope.criteria,
    page,
    recordsPerPage,
    sort: [],
    tabId: 0,
  });

export async function exportDocuments(http: Http, scope: ExportScope): Promise<ExportSelection> {
  if (scope.checked.length) {
    const docs = scope.checked.map((c) => ({ Archive: c.archive, Id: c.doc.Id, Hash: c.doc.Hash }));
    const search = await searchPage(http, scope, 1, 1);
    if (!pdfPendingIn([search]) && !inWorkflowIn([search]))
      return { docs, pdfPending: false, inWorkflow: false };
    const own = await checkedStatuses(http, scope);
    return { docs, pdfPending: pdfPendingIn(own), inWorkflow: inWorkflowIn(own) };
  }
  const docs: ExportDocument[] = [];
  const pages: Status[] = [];
  for (let page = 1; ; page++) {
    const result = await searchPage(http, scope, page, MAX_RECORDS_PER_PAGE);
    pages.push(result);
    for (const doc of result.Docs) docs.push({ Archive: scope.archive, Id: doc.Id, Hash: doc.Hash });
    if (result.Docs.length < MAX_RECORDS_PER_PAGE || docs.length >= result.Count)
      return { docs, pdfPending: pdfPendingIn(pages), inWorkflow: inWorkflowIn(pages) };
  }
}

/** Saves a downloaded file under a name, through a temporary link. */
export function saveBlob(blob: Blob, name: string): string {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  return url;
}
