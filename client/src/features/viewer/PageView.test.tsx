// A PDF page is drawn by pdf.js into one canvas, and pdf.js refuses a second render into a canvas
// it is still drawing. Turning the page (or resizing) while a page is being drawn must cancel that
// render and draw the new page, not fail with 'The document could not be shown.'
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PdfPageView } from './PageView';
import type { PdfFile, PdfTarget } from './pdfEngine';

/** A PdfFile that, like pdf.js, throws when a canvas is drawn into twice at once. */
function fakePdf() {
  const busy = new Set<HTMLCanvasElement>();
  const finishers: (() => void)[] = [];
  const drawn: number[] = [];
  const file: PdfFile = {
    pageCount: 3,
    pageSize: () => Promise.resolve({ width: 600, height: 800, rotation: 0 }),
    draw(page: number, target: PdfTarget, signal?: AbortSignal) {
      if (busy.has(target.canvas))
        return Promise.reject(new Error('Cannot use the same canvas during multiple render() operations.'));
      busy.add(target.canvas);
      return new Promise<void>((done) => {
        const finish = () => {
          busy.delete(target.canvas);
          if (!signal?.aborted) drawn.push(page);
          done();
        };
        signal?.addEventListener('abort', finish);
        finishers.push(finish);
      });
    },
    close: () => undefined,
  };
  return { file, drawn, finishAll: () => finishers.splice(0).forEach((f) => f()) };
}

const flush = () => act(() => new Promise((done) => setTimeout(done, 0)));

describe('PdfPageView', () => {
  it('cancels the page being drawn when another page is asked for, and draws that one', async () => {
    const pdf = fakePdf();
    const onError = vi.fn();
    const props = { pdf: pdf.file, zoom: { fit: true, scale: 1 }, paneWidth: 800, terms: [], label: 'Page' };
    const view = render(<PdfPageView {...props} page={1} onError={onError} />);
    await flush();
    view.rerender(<PdfPageView {...props} page={2} onError={onError} />);
    await flush();
    pdf.finishAll();
    await flush();
    expect(onError).not.toHaveBeenCalled();
    expect(pdf.drawn).toEqual([2]);
    expect(view.getByTestId('viewer-page').getAttribute('data-page')).toBe('2');
  });

  it('still reports a page that cannot be drawn', async () => {
    const onError = vi.fn();
    const broken: PdfFile = {
      pageCount: 1,
      pageSize: () => Promise.resolve({ width: 600, height: 800, rotation: 0 }),
      draw: () => Promise.reject(new Error('bad page')),
      close: () => undefined,
    };
    render(
      <PdfPageView
        pdf={broken}
        page={1}
        zoom={{ fit: true, scale: 1 }}
        paneWidth={800}
        terms={[]}
        label="Page"
        onError={onError}
      />,
    );
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
