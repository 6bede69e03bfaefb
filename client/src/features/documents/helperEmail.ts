// Email through the Extensions helper (spec §7): `POST /api/launch/email?database&searchId&fieldID
// &withAnnotations&token` with the checked documents; the helper fetches their files from the API
// and writes a message with them attached into the local outbox (the mail client's drafts).
// Inbox files go through `POST /api/launch/inboxemail` with their InboxID and Filename.
import {
  helperPaths,
  type LaunchEmailRequest,
  type LaunchEmailResponse,
  type LaunchInboxEmailRequest,
} from '@gs/contract/helper';
import type { TFunction } from 'i18next';
import { HelperError } from '../../api/helper';
import { createHttp, parseServerMessage, platformFetch, type QueryValue } from '../../api/http';
import { translateServerDetail } from '../../lib/serverTexts';

export interface EmailRequest {
  /** the helper's base, e.g. http://localhost:9080 */
  baseUrl: string;
  database: number;
  searchId: number;
  /** an index field whose value names the attachments; 0 for the file names */
  fieldId: number;
  withAnnotations: boolean;
  token: string;
  body: LaunchEmailRequest;
}

export async function emailDocuments(
  request: EmailRequest,
  doFetch: typeof fetch = platformFetch,
): Promise<LaunchEmailResponse> {
  const query = {
    database: request.database,
    searchId: request.searchId,
    fieldID: request.fieldId,
    withAnnotations: request.withAnnotations,
    token: request.token,
  };
  return postToHelper(request.baseUrl, helperPaths.launchEmail, query, request.body, doFetch);
}

export interface InboxEmailRequest {
  baseUrl: string;
  database: number;
  token: string;
  body: LaunchInboxEmailRequest;
}

/** `POST /api/launch/inboxemail?database&token` with the inbox files (InboxID, Filename). */
export async function emailInboxFiles(
  request: InboxEmailRequest,
  doFetch: typeof fetch = platformFetch,
): Promise<LaunchEmailResponse> {
  const query = { database: request.database, token: request.token };
  return postToHelper(request.baseUrl, helperPaths.launchInboxEmail, query, request.body, doFetch);
}

/** Through an Http on the helper's address: the one fetch path, with the helper's errors. */
function postToHelper(
  baseUrl: string,
  path: string,
  query: Record<string, QueryValue>,
  body: unknown,
  doFetch: typeof fetch,
): Promise<LaunchEmailResponse> {
  const http = createHttp({
    getBaseUrl: () => (baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`),
    getToken: () => null,
    fetch: doFetch,
    httpError: (status, text) => new HelperError('http', status, parseServerMessage(text)),
    networkError: () => new HelperError('unreachable', 0, null),
  });
  return http.request<LaunchEmailResponse>(path, {
    method: 'POST',
    query,
    body,
    auth: false,
    licenseCheck: false,
  });
}

/** The text of a failed helper call: the helper unreachable, its Message, or `unknown`. */
export function helperFailureText(
  t: TFunction,
  error: unknown,
  texts: { unreachable: string; unknown: string },
): string {
  if (error instanceof HelperError && error.kind === 'unreachable') return texts.unreachable;
  if (error instanceof HelperError) return translateServerDetail(t, error.helperMessage) ?? texts.unknown;
  return texts.unknown;
}
