// History: a document's entries (oldest first on the wire, shown newest first) and a page of an
// archive's (newest first, with the total).
import type { ArchiveHistoryResponse, DocumentHistoryResponse, HistoryEntry } from '@gs/contract/history';
import { paths } from '@gs/contract/paths';
import type { DocumentRef } from './documents';
import type { Http } from './http';

export async function getDocumentHistory(http: Http, doc: DocumentRef): Promise<HistoryEntry[]> {
  const response = await http.request<DocumentHistoryResponse | null>(
    paths.documentAudit(doc.db, doc.archive, doc.id),
    {
      query: { SecureId: doc.hash },
    },
  );
  return Array.isArray(response) ? [...response].reverse() : [];
}

export async function getArchiveHistory(
  http: Http,
  db: number,
  archive: number,
  page: number,
  pageSize: number,
): Promise<ArchiveHistoryResponse> {
  const response = await http.request<ArchiveHistoryResponse | null>(paths.archiveAudit(db, archive), {
    query: { Page: page, DocLimit: pageSize },
  });
  return { Items: response?.Items ?? [], Total: response?.Total ?? 0 };
}
