// How a bulk job talks to the Square9API: always with the user's own token (checked by the routes'
// requireUser), so the API's permission checks and licence type apply to everything a job does.
import { BulkErrorKey } from '@gs/contract/helperBulk';
import { bulkError } from './errors';

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

/** The API as the token's user; the helper never signs in for a request (decision 008). */
export function openApi(apiPath: string, token: string | undefined): ApiClient {
  if (!token) throw bulkError(BulkErrorKey.FailedDueToPermissions, 401, 'No token was given.');
  const base = `${apiPath.replace(/\/?$/, '/')}api/`;
  const auth = { 'Auth-Token': token };

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
    /** nothing to give back: the licence is the user's */
    async release(): Promise<void> {},
  };
}
