// One page of the document at the chosen zoom: PDF pages drawn by pdf.js into a canvas with the
// text layer (content-search terms marked), TIFF and image pages as the PNG the server draws.
// Fit width sizes the page to the pane; the placed stamps lie over the page.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PdfFile } from './pdfEngine';

export interface Zoom {
  fit: boolean;
  /** used when not fitting: 1 = the page's own size */
  scale: number;
}

/** The pane's inner width, kept up to date whenever the pane changes size: a resized window, but
 *  also the thumbnails arriving once the file is open and the index panel opening or closing. */
export function usePaneWidth(pane: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const measure = () => setWidth(pane.current?.clientWidth ?? 0);
    measure();
    const element = pane.current;
    if (typeof ResizeObserver === 'undefined' || !element) {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pane]);
  return width;
}

const PANE_PADDING = 32;
const FALLBACK_WIDTH = 800;

export function fitScale(paneWidth: number, pageWidth: number): number {
  const room = (paneWidth || FALLBACK_WIDTH) - PANE_PADDING;
  return pageWidth > 0 ? Math.max(0.1, room / pageWidth) : 1;
}

export function PdfPageView(props: {
  pdf: PdfFile;
  page: number;
  zoom: Zoom;
  paneWidth: number;
  terms: string[];
  label: string;
  children?: ReactNode;
  onDrawn?: (scale: number) => void;
  onError: (error: unknown) => void;
}) {
  const { pdf, page, zoom, paneWidth, terms, onDrawn, onError } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ width: number; height: number; rotation: number } | null>(null);
  const termsKey = terms.join('\u0000');

  // the render under way: pdf.js refuses a second render into a canvas still being drawn, so a
  // new page, zoom or width cancels the last render and waits for it to stop before drawing
  const drawing = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const abort = new AbortController();
    const previous = drawing.current;
    const run = (async () => {
      await previous;
      const size = await pdf.pageSize(page);
      const scale = zoom.fit ? fitScale(paneWidth, size.width) : zoom.scale;
      if (abort.signal.aborted || !canvas.current) return;
      await pdf.draw(
        page,
        {
          canvas: canvas.current,
          text: text.current,
          scale,
          terms: termsKey ? termsKey.split('\u0000') : [],
        },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      setDrawn({ width: size.width * scale, height: size.height * scale, rotation: size.rotation });
      onDrawn?.(scale);
    })();
    drawing.current = run.catch(() => undefined);
    run.catch((error: unknown) => !abort.signal.aborted && onError(error));
    return () => abort.abort();
  }, [pdf, page, zoom.fit, zoom.scale, paneWidth, termsKey, onDrawn, onError]);

  return (
    <div
      className="viewer__sheet"
      data-testid="viewer-page"
      data-page={page}
      data-rotation={drawn?.rotation ?? ''}
      data-orientation={drawn ? (drawn.width > drawn.height ? 'landscape' : 'portrait') : ''}
      aria-label={props.label}
      role="img"
      style={drawn ? { width: drawn.width, height: drawn.height } : undefined}
    >
      <canvas ref={canvas} className="viewer__canvas" />
      <div ref={text} className="textLayer" />
      {props.children}
    </div>
  );
}

export function ImagePageView(props: {
  src: string;
  page: number;
  zoom: Zoom;
  paneWidth: number;
  label: string;
  children?: ReactNode;
  onError: () => void;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const scale = natural ? (props.zoom.fit ? fitScale(props.paneWidth, natural.width) : props.zoom.scale) : 1;
  return (
    <div
      className="viewer__sheet"
      data-testid="viewer-page"
      data-page={props.page}
      data-orientation={natural ? (natural.width > natural.height ? 'landscape' : 'portrait') : ''}
      style={natural ? { width: natural.width * scale, height: natural.height * scale } : undefined}
    >
      <img
        className="viewer__image"
        src={props.src}
        alt={props.label}
        onLoad={(event) =>
          setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
        onError={props.onError}
      />
      {props.children}
    </div>
  );
}
