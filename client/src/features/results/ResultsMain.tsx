// The middle of the results page: the search and archive names and the page's buttons, a
// multi-archive switcher, view tabs, notices, the grid of the page named by the address, and the
// confirmation a page size above 10000 needs.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArchivePermission, hasFlag, SearchSettings } from '@gs/contract/flags';
import type { ResultsParams } from '../../app/resultsPaths';
import { useFormatLocale } from '../../app/useFormatLocale';
import { LazyConfirmDialog } from '../../components/LazyModal';
import { GRID_PAGE_SIZE_DEFAULT, MAX_PAGE_SIZE } from '../../lib/pageSize';
import { sessionAtom } from '../../state/session';
import { ArchiveSwitcher } from './ArchiveSwitcher';
import { editModeAtom } from './editing/editAtoms';
import type { ResultsPanelProps } from './ResultsFrame';
import { ResultsGrid } from './ResultsGrid';
import { ResultsHeader } from './ResultsHeader';
import { ResultsNotices } from './ResultsNotices';
import type { GoTo } from './useResultsParams';
import { useResultsPage } from './useResultsPage';
import { useGridContext } from './useGridContext';
import { ViewTabs } from './ViewTabs';

export interface ResultsMainProps extends ResultsPanelProps {
  params: ResultsParams;
  go: GoTo;
}

export function ResultsMain({ params, go, activeDoc, onActivate, ...layout }: ResultsMainProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const session = useAtomValue(sessionAtom);
  const editing = useAtomValue(editModeAtom);
  const location = useLocation();
  const [dismissed, setDismissed] = useState<unknown>(null);
  // a discarded sort is announced through the history state of the reloaded address
  const sortDiscarded =
    (location.state as { sortDiscarded?: boolean } | null)?.sortDiscarded === true &&
    dismissed !== location.key;
  const { search, def, gridKey, sort, size, request, page, error, result, total, fields, rows, onSort } =
    useResultsPage(params, go);
  const permissions = result?.Permissions ?? 0;
  const context = useGridContext(params.db, params.archive, fields, editing);

  return (
    <section className="results-main" aria-labelledby="results-title">
      <ResultsHeader
        search={def}
        params={params}
        rows={rows}
        fields={fields}
        locale={locale}
        canEdit={session?.licenseType !== 4 && hasFlag(permissions, ArchivePermission.ModifyData)}
        canViewHistory={hasFlag(permissions, ArchivePermission.ViewHistory)}
        permissions={permissions}
        pageSize={size.size}
        {...layout}
      />
      {def && (def.Archives?.length ?? 0) > 1 && (
        <ArchiveSwitcher
          search={def}
          params={params}
          onArchive={(archive) => go({ archive, page: 1, tab: 0 })}
        />
      )}
      {def && hasFlag(def.Settings, SearchSettings.ViewTabs) && (
        <ViewTabs search={def} params={params} onTab={(tab) => go({ tab, page: 1 })} />
      )}
      <ResultsNotices
        search={search}
        error={error}
        loading={page.loading && result === null}
        sortDiscarded={sortDiscarded}
        onDismissSort={() => setDismissed(location.key)}
      />
      {request && (result || !error) && (
        // mounted before the first page arrives, so its arrival is an update of a warm grid
        <ResultsGrid
          key={`${params.archive}:${params.tab}`}
          result={result}
          rows={rows}
          context={context}
          sort={sort}
          page={params.page}
          pageSize={size.size}
          total={total}
          gridKey={gridKey}
          loading={page.loading}
          activeDoc={activeDoc?.id ?? null}
          onSort={onSort}
          onPage={(p) => go({ page: p })}
          onPageSize={(s) => go({ size: s, page: 1 })}
          onActivate={(row) =>
            onActivate({ db: params.db, archive: params.archive, id: row.doc.Id, hash: row.doc.Hash })
          }
        />
      )}
      {size.needsConfirm && (
        <LazyConfirmDialog
          title={t('results.largePage.title')}
          message={t('results.largePage.message', { size: size.size, max: MAX_PAGE_SIZE })}
          confirmLabel={t('results.largePage.confirm', { max: MAX_PAGE_SIZE })}
          testId="records-per-page-confirm"
          onConfirm={() => go({ size: MAX_PAGE_SIZE }, { replace: true })}
          onCancel={() => go({ size: GRID_PAGE_SIZE_DEFAULT }, { replace: true })}
        />
      )}
    </section>
  );
}
