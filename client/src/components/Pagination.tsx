// Paging of a server-paged list: first, previous, about five page numbers, next, last, and the
// page sizes (spec §9: 25, 50, 100, 1000, 10000).
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../lib/pageSize';

export interface PaginationProps {
  /** 1-based */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  pageSize?: number;
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  total?: number;
  label: string;
}

export function Pagination({
  page,
  pageCount,
  onPage,
  pageSize,
  pageSizes,
  onPageSize,
  total,
  label,
}: PaginationProps) {
  const { t } = useTranslation();
  const pages = pageWindow(page, pageCount);
  const go = (target: number) => () => onPage(target);
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__button"
        onClick={go(1)}
        disabled={page <= 1}
        aria-label={t('pagination.first')}
      >
        «
      </button>
      <button
        type="button"
        className="pagination__button"
        onClick={go(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
      >
        ‹
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className={`pagination__button${n === page ? ' pagination__button--current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: n })}
          onClick={go(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="pagination__button"
        onClick={go(page + 1)}
        disabled={page >= pageCount}
        aria-label={t('pagination.next')}
      >
        ›
      </button>
      <button
        type="button"
        className="pagination__button"
        onClick={go(pageCount)}
        disabled={page >= pageCount}
        aria-label={t('pagination.last')}
      >
        »
      </button>
      {total !== undefined && (
        <span className="pagination__total">{t('pagination.total', { count: total })}</span>
      )}
      {pageSizes && onPageSize && (
        <label className="pagination__size">
          {t('pagination.pageSize')}
          <select
            className="input input--narrow"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {pageSize !== undefined && !pageSizes.includes(pageSize) && (
              <option value={pageSize}>{pageSize}</option>
            )}
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
    </nav>
  );
}
