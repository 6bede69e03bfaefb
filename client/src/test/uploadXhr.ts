// A fake XMLHttpRequest for the client's `POST files` uploads, for tests that stub the global.

/**
 * XMLHttpRequest for `POST files`: answers with one cache name per file (`cache-<n>-<name>`, n from
 * 1) and keeps the URLs it was opened with in `urls`.
 */
export class UploadXhr {
  static urls: string[] = [];
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  ontimeout = null;
  onabort = null;
  open(_method: string, url: string) {
    UploadXhr.urls.push(url);
  }
  setRequestHeader() {}
  send(form: FormData) {
    const files = (form.getAll('File') as File[]).map((f, i) => ({
      name: `cache-${i + 1}-${f.name}`,
      originalName: f.name,
      isEmail: false,
      oEmailData: null,
      test: null,
    }));
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ files });
      this.onload?.();
    }, 0);
  }
  abort() {}
}
