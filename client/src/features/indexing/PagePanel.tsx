// The page side of the indexing view: the document switcher when several files are indexed
// together, page navigation, the shown page, and the thumbnails with a check box each (the page
// selection bursting works on). Tools of the page (KeyFree) add a toolbar button, a notice and an
// overlay that lies over the page image.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../api/useApiQuery';
import { Spinner } from '../../components/Spinner';
import type { SourceFile } from './indexingApi';
import { PageImage } from './PageImage';
import { QueryFailure } from '../../components/QueryBoundary';

const DRAWABLE = /\.(tiff?|pdf|jpe?g|png|gif|bmp|webp)$/i;

export interface PagePanelProps {
  files: SourceFile[];
  /** display names of the files (the original names when known) */
  labels: string[];
  fileIndex: number;
  onFile: (index: number) => void;
  pages: QueryState<number>;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  onToggle: (page: number) => void;
  imageUrl: (page: number) => string;
  onBurst: () => void;
  /** more toolbar buttons, a notice above the page, and what lies over the page image */
  tools?: ReactNode;
  notice?: ReactNode;
  overlay?: ReactNode;
}

export function PagePanel(props: PagePanelProps) {
  const { t } = useTranslation();
  const { files, labels, fileIndex, pages, page, selected } = props;
  const file = files[fileIndex];
  const count = pages.status === 'success' ? pages.data : 0;
  const drawable = file ? DRAWABLE.test(file.name) : false;

  return (
    <section className="indexing__pages panel" aria-label={t('indexing.pages.region')}>
      {files.length > 1 && (
        <label className="indexing__file">
          <span>{t('indexing.fileOf', { current: fileIndex + 1, total: files.length })}</span>
          <select
            className="input"
            value={fileIndex}
            aria-label={t('indexing.files')}
            onChange={(event) => props.onFile(Number(event.target.value))}
          >
            {files.map((f, i) => (
              <option key={`${i}:${f.name}`} value={i}>
                {labels[i] ?? f.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="indexing__toolbar">
        <button
          type="button"
          className="button button--small"
          aria-label={t('indexing.pages.previous')}
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
        >
          ‹
        </button>
        <span className="indexing__page-of" data-testid="page-of">
          {count > 0 ? t('indexing.pages.pageOf', { page, count }) : ''}
        </span>
        <button
          type="button"
          className="button button--small"
          aria-label={t('indexing.pages.next')}
          disabled={page >= count}
          onClick={() => props.onPage(page + 1)}
        >
          ›
        </button>
        <span className="indexing__spacer" />
        <span className="muted">{t('indexing.pages.selected', { count: selected.size })}</span>
        <button type="button" className="button button--small" onClick={props.onBurst}>
          {t('indexing.burst.button')}
        </button>
        {props.tools}
      </div>
      {props.notice}
      {pages.status === 'loading' && <Spinner label={t('indexing.loading')} />}
      <QueryFailure
        state={pages}
        reload={props.onRetry}
        error={t('indexing.pages.error')}
        testId="pages-error"
      />
      {pages.status === 'success' && (
        <div className="indexing__viewer">
          <ol className="indexing__thumbs" aria-label={t('indexing.pages.thumbnails')}>
            {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
              <li
                key={n}
                className={`indexing__thumb${n === page ? ' indexing__thumb--current' : ''}${selected.has(n) ? ' indexing__thumb--selected' : ''}`}
              >
                <button
                  type="button"
                  className="indexing__thumb-button"
                  aria-label={t('indexing.pages.show', { page: n })}
                  aria-current={n === page ? 'page' : undefined}
                  onClick={() => props.onPage(n)}
                >
                  {drawable ? (
                    <PageImage src={props.imageUrl(n)} alt="" lazy className="indexing__thumb-image" />
                  ) : (
                    <span className="indexing__thumb-image indexing__thumb-image--none">{n}</span>
                  )}
                </button>
                <label className="indexing__thumb-select">
                  <input type="checkbox" checked={selected.has(n)} onChange={() => props.onToggle(n)} />
                  <span>{t('indexing.pages.select', { page: n })}</span>
                </label>
              </li>
            ))}
          </ol>
          <div
            className="indexing__page"
            data-testid="indexing-page"
            role="region"
            aria-label={t('indexing.pages.page', { page })}
            tabIndex={0}
          >
            {drawable ? (
              <div className="indexing__stage">
                <PageImage
                  src={props.imageUrl(page)}
                  alt={t('indexing.pages.page', { page })}
                  className="indexing__page-image"
                />
                {props.overlay}
              </div>
            ) : (
              <p className="muted">{t('indexing.pages.noPreview')}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
