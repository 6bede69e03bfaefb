// An XMLHttpRequest over a fetch, for the uploads (api/upload.ts `createXhr`) of tests that run
// against the in-process server (realServer.ts): the real upload code builds and sends the form.
import type { Http } from '../api/http';
import { uploadFiles } from '../api/upload';
import type { Uploader } from '../features/inbox/cacheUpload';

type Handler = (() => void) | null;

export function fetchXhr(doFetch: typeof fetch): () => XMLHttpRequest {
  return () => {
    const controller = new AbortController();
    const headers: Record<string, string> = {};
    let method = 'GET';
    let url = '';
    const xhr = {
      status: 0,
      responseText: '',
      upload: { onprogress: null },
      onload: null as Handler,
      onerror: null as Handler,
      ontimeout: null as Handler,
      onabort: null as Handler,
      open(m: string, u: string) {
        method = m;
        url = u;
      },
      setRequestHeader(name: string, value: string) {
        headers[name] = value;
      },
      send(body: XMLHttpRequestBodyInit | null) {
        doFetch(url, { method, headers, body, signal: controller.signal }).then(
          async (response) => {
            xhr.status = response.status;
            xhr.responseText = await response.text();
            xhr.onload?.();
          },
          (error: unknown) =>
            (error instanceof DOMException && error.name === 'AbortError' ? xhr.onabort : xhr.onerror)?.(),
        );
      },
      abort() {
        controller.abort();
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

/** The inbox screens' uploader: the real upload (api/upload.ts) sent through `doFetch`. */
export const uploaderOver =
  (doFetch: typeof fetch, http: Http, token: string): Uploader =>
  (files, onProgress) =>
    uploadFiles({ http, token, createXhr: fetchXhr(doFetch) }, files, (p) => onProgress(p.fraction));
