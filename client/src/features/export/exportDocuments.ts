// Which documents an export covers: the checked ones, in check order, or when none is checked
// every document the search finds in the archive shown (read page by page, 10000 at a time).
import { MAX_RECORDS_PER_PAGE } from '@gs/contract/searches';
import type { Http } from '../../api/http';
import type { ExportDocument } from '../../api/helperBulk';
import { runSearch, type CriteriaValues } from '../../api/searches';
import type { CheckedDocument } from '../results/selection';

export interface ExportScope {
  db: number;
  archive: number;
  searchId: number;
  hash: string;
  criteria: CriteriaValues;
  checked: readonly CheckedDocument[];
}

export async function exportDocuments(http: Http, scope: ExportScope): Promise<ExportDocument[]> {
  if (scope.checked.length)
    return scope.checked.map((c) => ({ Archive: c.archive, Id: c.doc.Id, Hash: c.doc.Hash }));
  const docs: ExportDocument[] = [];
  for (let page = 1; ; page++) {
    const result = await runSearch(http, {
      db: scope.db,
      searchId: scope.searchId,
      archive: scope.archive,
      hash: scope.hash,
      criteria: scope.criteria,
      page,
      recordsPerPage: MAX_RECORDS_PER_PAGE,
      sort: [],
      tabId: 0,
    });
    for (const doc of result.Docs) docs.push({ Archive: scope.archive, Id: doc.Id, Hash: doc.Hash });
    if (result.Docs.length < MAX_RECORDS_PER_PAGE || docs.length >= result.Count) return docs;
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
