// The page thumbnail strip: one button per page (the current one pressed); PDF pages drawn small
// by pdf.js one after another, TIFF and image pages as the server's PNG at thumbnail width.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfFile } from './pdfEngine';

export const THUMB_WIDTH = 96;

function PdfThumb({ pdf, page }: { pdf: PdfFile; page: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const abort = new AbortController();
    pdf
      .pageSize(page)
      .then((size) =>
        !abort.signal.aborted && canvas.current
          ? pdf.draw(
              page,
              { canvas: canvas.current, text: null, scale: THUMB_WIDTH / size.width, terms: [] },
              abort.signal,
            )
          : undefined,
      )
      .catch(() => undefined);
    return () => abort.abort();
  }, [pdf, page]);
  return <canvas ref={canvas} className="viewer__thumb-canvas" />;
}

export function Thumbnails(props: {
  pageCount: number;
  page: number;
  onPage: (page: number) => void;
  pdf: PdfFile | null;
  imageSrc: ((page: number) => string) | null;
}) {
  const { t } = useTranslation();
  const pages = Array.from({ length: props.pageCount }, (_, i) => i + 1);
  return (
    <nav className="viewer__thumbs" aria-label={t('viewer.thumbnails')} data-testid="viewer-thumbnails">
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className="viewer__thumb"
          aria-pressed={n === props.page}
          aria-label={t('viewer.pageN', { page: n })}
          onClick={() => props.onPage(n)}
        >
          {props.pdf ? (
            <PdfThumb pdf={props.pdf} page={n} />
          ) : props.imageSrc ? (
            <img src={props.imageSrc(n)} alt="" width={THUMB_WIDTH} loading="lazy" />
          ) : null}
          <span className="viewer__thumb-number">{n}</span>
        </button>
      ))}
    </nav>
  );
}
