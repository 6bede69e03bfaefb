// The database import wizard's calls and the package export (admin-spec §7; decision 032):
// uploads are multipart FormData through Http; the rest JSON.
import {
  importPaths,
  type ImportLog,
  type ImportStarted,
  type ImportTemplateTree,
  type ImportUser,
  type PackageInfo,
} from '@gs/contract/admin/packages';
import { ApiError, type Http } from './http';

/** An upload the server refused; `logId` names the log that says why (a corrupted package). */
export class UploadRefused extends ApiError {
  constructor(
    status: number,
    message: string | null,
    body: string,
    readonly logId: string | null,
  ) {
    super('http', status, message, body);
  }
}

const logIdOf = (text: string): string | null => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'LogId' in parsed && typeof parsed.LogId === 'string')
      return parsed.LogId;
  } catch {
    // not JSON: no log
  }
  return null;
};

async function postFile<T>(http: Http, path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await http.request<T>(path, { method: 'POST', body: form });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http')
      // eslint-disable-next-line no-restricted-syntax -- carried into the subclass, shown through serverTexts
      throw new UploadRefused(error.status, error.serverMessage, error.body, logIdOf(error.body));
    throw error;
  }
}

export const uploadPackage = (http: Http, file: File) =>
  postFile<PackageInfo>(http, importPaths.upload(), file);
export const uploadUserCsv = (http: Http, file: File) =>
  postFile<ImportUser[]>(http, importPaths.userCsv(file.name), file);
export const getPackageUsers = (http: Http) =>
  http.request<ImportUser[]>(importPaths.userList(), { method: 'POST' });
export const getTemplateTree = (http: Http, databaseId: number) =>
  http.request<ImportTemplateTree>(importPaths.templateTree(databaseId));
export const getPackageInfo = (http: Http, signal?: AbortSignal) =>
  http.request<PackageInfo>(importPaths.package(), { signal });
export const startImport = (http: Http, databaseId: number, tree: ImportTemplateTree) =>
  http.request<ImportStarted>(importPaths.run(databaseId), { method: 'POST', body: tree });
export const getImportLog = (http: Http, logId: string, signal?: AbortSignal) =>
  http.request<ImportLog>(importPaths.log(logId), { signal });
export const getImportHistory = (http: Http) => http.request<ImportLog[]>(importPaths.logHistory());
export const deleteImportLogs = (http: Http) =>
  http.request<unknown>(importPaths.logHistory(), { method: 'DELETE' });

/** The address the browser opens to download a database as a package. */
export const packageExportUrl = (http: Http, token: string | null, databaseId: number, acronym: string) =>
  `${http.url(importPaths.export(databaseId, acronym))}${token ? `&Token=${encodeURIComponent(token)}` : ''}`;

/** The address the browser opens to download an import's log. */
export const importLogFileUrl = (http: Http, token: string | null, log: ImportLog) =>
  `${http.url(importPaths.logFile(log.DatabaseName, log.Guid))}${token ? `&Token=${encodeURIComponent(token)}` : ''}`;
