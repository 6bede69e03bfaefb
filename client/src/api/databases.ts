// Square9API `dbs`: the databases the signed-in user may open.
import type { Database, DatabasesResponse } from '@gs/contract/databases';
import { paths } from '@gs/contract/paths';
import type { Http } from './http';

export async function getDatabases(http: Http): Promise<Database[]> {
  const response = await http.request<DatabasesResponse | null>(paths.dbs());
  return response?.Databases ?? [];
}
