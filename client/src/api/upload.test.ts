import { describe, expect, it } from 'vitest';
import { createHttp } from './http';
import { ApiError } from './http';
import { uploadFiles, type UploadProgress } from './upload';

/** Just enough of XMLHttpRequest: records what is sent and answers when told to. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const http = createHttp({ getBaseUrl: () => '/Square9API/api/', getToken: () => null });
const target = { http, token: 'tok-1', createXhr: () => new FakeXhr() as unknown as XMLHttpRequest };
const file = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

describe('uploadFiles', () => {
  it('posts every non-empty file in one multipart request with the token and reports progress', async () => {
    const progress: UploadProgress[] = [];
    const done = uploadFiles(
      target,
      [file('a.pdf', 'hello'), file('empty.txt', ''), { blob: new Blob(['12345678']), name: 'scan.tif' }],
      (p) => progress.push(p),
    );
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/Square9API/api/files');
    expect(xhr.headers['Auth-Token']).toBe('tok-1');
    const parts = xhr.body!.getAll('File') as File[];
    expect(parts.map((p) => p.name)).toEqual(['a.pdf', 'scan.tif']);
    xhr.progress(5, 10);
    xhr.answer(200, {
      files: [
        { name: 'c1.pdf', originalName: 'a.pdf', isEmail: false, oEmailData: null, test: null },
        { name: 'c2.tif', originalName: 'scan.tif', isEmail: false, oEmailData: null, test: null },
      ],
    });
    const result = await done;
    expect(result.names).toEqual(['c1.pdf', 'c2.tif']);
    expect(result.skipped).toEqual(['empty.txt']);
    expect(progress[0]).toEqual({ loaded: 5, total: 10, fraction: 0.5 });
    expect(progress.at(-1)?.fraction).toBe(1);
  });

  it('adds the names the server skipped and reads any casing', async () => {
    const done = uploadFiles(target, [file('a.pdf', 'x')]);
    FakeXhr.last!.answer(200, '{"Files":[{"Name":"c1.pdf","OriginalName":"a.pdf"}],"Skipped":["b.txt"]}');
    const result = await done;
    expect(result.names).toEqual(['c1.pdf']);
    expect(result.files[0]?.originalName).toBe('a.pdf');
    expect(result.skipped).toEqual(['b.txt']);
  });

  it('sends nothing when every file is empty', async () => {
    FakeXhr.last = null;
    const result = await uploadFiles(target, [file('empty.txt', '')]);
    expect(FakeXhr.last).toBeNull();
    expect(result).toEqual({ files: [], names: [], skipped: ['empty.txt'] });
  });

  it('rejects with the server message', async () => {
    const done = uploadFiles(target, [file('big.pdf', 'x')]);
    FakeXhr.last!.answer(413, { Message: "The file 'big.pdf' is larger than the upload limit of 1 MiB." });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).serverMessage).toMatch(/larger than the upload limit/);
  });

  it('rejects when aborted', async () => {
    const controller = new AbortController();
    const done = uploadFiles(target, [file('a.pdf', 'x')], undefined, controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
