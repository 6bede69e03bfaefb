// How a bulk job talks to the Square9API, as the tray app does: with the user's token when the
// client hands one over, else with a licence the helper takes for the job with its own credentials
// (Basic, like the sign-in at start) and releases when the job ends.
import { BulkErrorKey } from '@gs/contract/helperBulk';
import { bulkError } from './errors';

export interface ApiCredentials {
  user: string;
  password: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

export interface ApiClient {
  json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  bytes(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: Buffer }>;
  /** POST files: one multipart part; the upload-cache name */
  upload(name: string, data: Uint8Array): Promise<string>;
  release(): Promise<void>;
}

export async function openApi(
  apiPath: string,
  token: string | undefined,
  credentials: ApiCredentials | undefined,
): Promise<ApiClient> {
  const base = `${apiPath.replace(/\/?$/, '/')}api/`;
  let own: string | undefined;
  if (!token) {
    if (!credentials) throw bulkError(BulkErrorKey.FailedDueToPermissions, 401, 'No token was given.');
    const auth = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    let res: Response;
    try {
      res = await fetch(`${base}licenses`, { headers: { Authorization: auth } });
    } catch {
      throw bulkError(BulkErrorKey.ApiUnavailable, 502);
    }
    if (!res.ok) throw bulkError(BulkErrorKey.FailedDueToPermissions, 403, await res.text());
    own = ((await res.json()) as { Token: string }).Token;
  }
  const auth = { 'Auth-Token': token ?? own ?? '' };

  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok && res.status !== 202) {
      const text = await res.text();
      let message = text;
      let key: string | undefined;
      try {
        const parsed = JSON.parse(text) as { Message?: string; MessageDetail?: string; Key?: string };
        message = parsed.MessageDetail ?? parsed.Message ?? text;
        key = parsed.Key;
      } catch {
        // not JSON: the text stands
      }
      throw new ApiFailure(res.status, message, key);
    }
    return res;
  };

  return {
    async json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      return (await (await call(method, path, body)).json()) as T;
    },
    async bytes(method: 'GET' | 'POST', path: string, body?: unknown) {
      const res = await call(method, path, body);
      return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
    },
    async upload(name: string, data: Uint8Array): Promise<string> {
      const form = new FormData();
      form.append('File', new Blob([data]), name);
      const res = await fetch(`${base}files`, { method: 'POST', headers: auth, body: form });
      if (!res.ok) throw new ApiFailure(res.status, await res.text());
      const parsed = JSON.parse(await res.text()) as { files: { name: string }[] };
      const stored = parsed.files[0]?.name;
      if (!stored) throw new ApiFailure(500, 'The upload answered no file.');
      return stored;
    },
    async release(): Promise<void> {
      if (!own) return;
      await fetch(`${base}licenses/${encodeURIComponent(own)}`, { method: 'DELETE', headers: auth }).catch(
        () => undefined,
      );
    },
  };
}
