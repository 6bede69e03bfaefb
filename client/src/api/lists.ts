// List items: a static list (`dbs/{db}/lists/{id}`) and the items a dynamic list offers for its
// parents' values (`indexes/?database&Field&Filter1&Filter2`).
import type { ListResponse } from '@gs/contract/fields';
import type { DynamicListResponse } from '@gs/contract/fieldChecks';
import { paths } from '@gs/contract/paths';
import type { Http } from './http';

export async function getListItems(http: Http, db: number, listId: number): Promise<string[]> {
  const response = await http.request<ListResponse | null>(paths.list(db, listId));
  return Array.isArray(response?.Items) ? response.Items : [];
}

export async function getDynamicListItems(
  http: Http,
  db: number,
  fieldId: number,
  filter1: string,
  filter2: string,
): Promise<string[]> {
  const response = await http.request<DynamicListResponse | null>(paths.indexes(), {
    query: { database: db, Field: fieldId, Filter1: filter1, Filter2: filter2 },
  });
  return Array.isArray(response) ? response : [];
}
