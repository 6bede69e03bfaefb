// pdf.js behind a small interface: open a PDF from the server, draw one page into a canvas at a
// scale (the page's own /Rotate applies, so a page turned through Processing.ashx shows turned),
// and lay its text over the canvas with the content-search terms marked. The worker is the
// package's own file, loaded from the build's assets. This module is loaded lazily with the viewer.
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { markTerms } from './highlight';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfFile {
  pageCount: number;
  /** the page's size in CSS pixels at scale 1, after its rotation */
  pageSize(page: number): Promise<{ width: number; height: number; rotation: number }>;
  /**
   * Draw a page. pdf.js lets one render at a time use a canvas: abort `signal` to cancel this one
   * (the promise then settles as soon as the render has stopped, without drawing the text).
   */
  draw(page: number, target: PdfTarget, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export interface PdfTarget {
  canvas: HTMLCanvasElement;
  /** gets the text layer; null for thumbnails */
  text: HTMLElement | null;
  scale: number;
  terms: string[];
}

function wrap(pdf: PDFDocumentProxy): PdfFile {
  return {
    pageCount: pdf.numPages,
    async pageSize(n) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height, rotation: viewport.rotation };
    },
    async draw(n, target, signal) {
      const page = await pdf.getPage(n);
      if (signal?.aborted) return;
      const viewport = page.getViewport({ scale: target.scale });
      const ratio = window.devicePixelRatio || 1;
      const { canvas } = target;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.dataset.rotation = String(viewport.rotation);
      const task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      const cancel = () => task.cancel();
      signal?.addEventListener('abort', cancel);
      try {
        await task.promise;
      } catch (error) {
        if (signal?.aborted) return; // cancelled: the canvas is free again
        throw error;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
      if (!target.text || signal?.aborted) return;
      target.text.replaceChildren();
      target.text.style.setProperty('--total-scale-factor', String(target.scale));
      const layer = new TextLayer({
        textContentSource: page.streamTextContent(),
        container: target.text,
        viewport,
      });
      await layer.render();
      markTerms(target.text, target.terms);
    },
    close: () => void pdf.destroy(),
  };
}

export async function openPdf(url: string): Promise<PdfFile> {
  const pdf = await getDocument({ url }).promise;
  return wrap(pdf);
}
