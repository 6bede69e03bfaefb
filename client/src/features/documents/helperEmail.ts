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
import { HelperError } from '../../api/helper';
import { parseServerMessage, REQUEST_TIMEOUT_MS } from '../../api/http';

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
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<LaunchEmailResponse> {
  const query = new URLSearchParams({
    database: String(request.database),
    searchId: String(request.searchId),
    fieldID: String(request.fieldId),
    withAnnotations: String(request.withAnnotations),
    token: request.token,
  });
  return postToHelper(
    `${request.baseUrl}${helperPaths.launchEmail}?${query.toString()}`,
    request.body,
    doFetch,
  );
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
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<LaunchEmailResponse> {
  const query = new URLSearchParams({ database: String(request.database), token: request.token });
  return postToHelper(
    `${request.baseUrl}${helperPaths.launchInboxEmail}?${query.toString()}`,
    request.body,
    doFetch,
  );
}

async function postToHelper(url: string, body: unknown, doFetch: typeof fetch): Promise<LaunchEmailResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw new HelperError('unreachable', 0, null);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HelperError('http', response.status, parseServerMessage(text));
  }
  return (await response.json()) as LaunchEmailResponse;
}

/** The text of a failed helper call: the helper unreachable, its Message, or `unknown`. */
export function helperFailureText(error: unknown, texts: { unreachable: string; unknown: string }): string {
  if (error instanceof HelperError && error.kind === 'unreachable') return texts.unreachable;
  if (error instanceof HelperError) return error.helperMessage ?? texts.unknown;
  return texts.unknown;
}
