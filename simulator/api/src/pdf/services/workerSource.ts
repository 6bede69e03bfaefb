// The PDF worker: MuPDF.js (WebAssembly) in a worker thread, so a slow or hostile page costs a
// worker, never the request thread (pdfWorkers.ts terminates it at the time limit). Plain
// JavaScript, run with `eval`, so the worker needs no TypeScript loader; mupdf is an ES module and
// comes in through import(). One job at a time; every job opens the document from its bytes.
// Jobs and answers: pdfWorkers.ts (WorkerJob, WorkerAnswer).
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// MuPDF reports repairs of broken files on stderr; the answer says what matters
globalThis.$libmupdf_wasm_Module = { print: () => {}, printErr: () => {} };
const loading = import(workerData.mupdf);

class Failure extends Error {
  constructor(reason, message) { super(message); this.reason = reason; }
}

function open(mupdf, bytes) {
  let doc;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (e) {
    throw new Failure('broken', String((e && e.message) || e));
  }
  if (doc.needsPassword()) { doc.destroy(); throw new Failure('encrypted', 'password'); }
  let pages = 0;
  try { pages = doc.countPages(); } catch { pages = 0; }
  if (pages < 1) { doc.destroy(); throw new Failure('broken', 'no pages'); }
  return { doc, pages };
}

function withPage(doc, pages, index, fn) {
  if (!Number.isInteger(index) || index < 0 || index >= pages) throw new Failure('page', String(pages));
  let page;
  try {
    page = doc.loadPage(index);
    return fn(page);
  } catch (e) {
    if (e instanceof Failure) throw e;
    throw new Failure('broken', String((e && e.message) || e));
  } finally {
    if (page) page.destroy();
  }
}

function render(mupdf, doc, pages, job) {
  return withPage(doc, pages, job.page, (page) => {
    const [x0, y0, x1, y1] = page.getBounds();
    const w = x1 - x0;
    const h = y1 - y0;
    let scale = job.scale;
    if (job.fit) scale = Math.min(scale, job.fit.width / w, job.fit.height / h);
    if (w * h * scale * scale > job.maxPixels) scale = Math.sqrt(job.maxPixels / (w * h));
    const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const width = pix.getWidth();
      const height = pix.getHeight();
      const stride = pix.getStride();
      const samples = pix.getPixels();
      const pixels = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++)
        pixels.set(samples.subarray(y * stride, y * stride + width * 3), y * width * 3);
      return { value: { pixels, width, height }, transfer: [pixels.buffer] };
    } finally {
      pix.destroy();
    }
  });
}

function words(doc, pages, job) {
  return withPage(doc, pages, job.page, (page) => {
    const [x0, y0, x1, y1] = page.getBounds();
    const text = page.toStructuredText('preserve-whitespace');
    const out = [];
    let word;
    let line = 0;
    const end = () => { if (word) out.push(word); word = undefined; };
    text.walk({
      beginLine() { end(); line += 1; },
      endLine: end,
      onChar(c, _origin, _font, _size, q) {
        if (/\\s/.test(c)) return end();
        const box = [Math.min(q[0], q[4]), Math.min(q[1], q[3]), Math.max(q[2], q[6]), Math.max(q[5], q[7])];
        if (!word) word = { text: c, box, line };
        else {
          word.text += c;
          word.box = [Math.min(word.box[0], box[0]), Math.min(word.box[1], box[1]),
            Math.max(word.box[2], box[2]), Math.max(word.box[3], box[3])];
        }
      },
    });
    end();
    text.destroy();
    return { value: { words: out, bounds: [x0, y0, x1, y1] } };
  });
}

function text(doc, pages, job) {
  const texts = [];
  const last = Math.min(pages, job.from + job.count);
  for (let i = job.from; i < last; i++)
    texts.push(withPage(doc, pages, i, (page) => {
      const t = page.toStructuredText('preserve-whitespace');
      try { return t.asText(); } finally { t.destroy(); }
    }));
  return { value: { texts, pages } };
}

parentPort.on('message', async (job) => {
  const mupdf = await loading;
  let doc;
  try {
    const opened = open(mupdf, job.bytes);
    doc = opened.doc;
    const done =
      job.op === 'render' ? render(mupdf, doc, opened.pages, job)
      : job.op === 'words' ? words(doc, opened.pages, job)
      : job.op === 'text' ? text(doc, opened.pages, job)
      : { value: { pages: opened.pages } };
    parentPort.postMessage({ id: job.id, value: done.value }, done.transfer || []);
  } catch (e) {
    const reason = e instanceof Failure ? e.reason : 'broken';
    parentPort.postMessage({ id: job.id, failure: reason, detail: String((e && e.message) || e) });
  } finally {
    if (doc) doc.destroy();
  }
});
`;
