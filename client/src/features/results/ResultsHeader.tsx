// The results page's title (search and archive) and buttons: the archive list, searching again
// with the prompts, edit mode (when the user may edit here), and history (with View History).
import { lazy, Suspense, useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Search } from '@gs/contract/searches';
import type { ResultsParams } from '../../app/resultsPaths';
import { Icon } from '../../components/Icon';
import { lazyDialog } from '../../components/LazyModal';
import { useRovingToolbar } from '../../components/useRovingToolbar';
import type { FieldSpec } from '../../lib/fieldSpec';
import { BulkActions } from '../bulk/BulkActions';
import { DocumentActions } from '../documents/DocumentActions';
import { EditControls } from './editing/EditControls';
import { dirtyRowIdsAtom, editModeAtom } from './editing/editAtoms';
import type { SaveContext } from './editing/saveEdits';
import type { ResultRow } from './resultsRows';
import { HistoryToggle, SidebarToggle } from './ResultsToggles';

// the prompts load when the user searches again (decision 074)
// the list of problems (with the field checks' messages) loads when edit mode starts (decision 079)
const EditProblems = lazyDialog(() => import('./editing/EditProblems').then((m) => m.EditProblems));
const SearchModal = lazy(() => import('../search/SearchModal').then((m) => ({ default: m.SearchModal })));

export interface ResultsHeaderProps {
  search: Search | null;
  params: ResultsParams;
  rows: ResultRow[];
  fields: FieldSpec[];
  locale: string;
  canEdit: boolean;
  /** the result's permissions on the archive */
  permissions: number;
  canViewHistory: boolean;
  pageSize: number;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  historyOpen: boolean;
  onToggleHistory: () => void;
}

export function ResultsHeader(props: ResultsHeaderProps) {
  const { t } = useTranslation();
  const { search, params, rows, fields, locale } = props;
  // the current search's prompts, or (null) the archive's searches to choose from
  const [prompting, setPrompting] = useState<'current' | 'choose' | null>(null);
  const editMode = useAtomValue(editModeAtom);
  const dirtyRows = useAtomValue(dirtyRowIdsAtom).length;
  const editing = editMode || dirtyRows > 0;
  const archiveName = search?.Archives?.find((a) => a.ID === params.archive)?.Name ?? '';
  const saveContext = useCallback(
    (): SaveContext => ({
      db: params.db,
      archive: params.archive,
      locale,
      rows: new Map(rows.map((r) => [r.id, r])),
      specs: new Map(fields.map((f) => [f.id, f])),
    }),
    [params.db, params.archive, locale, rows, fields],
  );

  const {
    ref: toolbarRef,
    onKeyDown: onToolbarKey,
    onFocus: onToolbarFocus,
  } = useRovingToolbar<HTMLDivElement>();

  return (
    <header className="results-header" data-skip-target tabIndex={-1}>
      <div className="results-header__titles">
        <p className="panel__eyebrow">{archiveName || '\u00a0'}</p>
        <h1 id="results-title" className="panel__title">
          {search?.Name ?? '\u00a0'}
        </h1>
      </div>
      <div
        ref={toolbarRef}
        className="results-header__tools"
        role="toolbar"
        aria-label={t('results.toolbar')}
        onKeyDown={onToolbarKey}
        onFocus={onToolbarFocus}
      >
        <SidebarToggle open={props.sidebarOpen} onToggle={props.onToggleSidebar} />
        {search && (
          <button
            type="button"
            className="button button--small"
            onClick={() => setPrompting('current')}
            data-testid="search-again"
          >
            <Icon name="search" size={16} />
            {t('results.searchAgain')}
          </button>
        )}
        <button
          type="button"
          className="button button--small"
          onClick={() => setPrompting('choose')}
          data-testid="other-searches"
        >
          {t('results.otherSearches')}
        </button>
        {props.canEdit && <EditControls saveContext={saveContext} />}
        <DocumentActions params={params} />
        <BulkActions
          search={search}
          params={params}
          permissions={props.permissions}
          fields={fields}
          locale={locale}
          canUpdate={props.canEdit}
        />
        {props.canViewHistory && <HistoryToggle open={props.historyOpen} onToggle={props.onToggleHistory} />}
      </div>
      {editing && <EditProblems specs={new Map(fields.map((f) => [f.id, f]))} />}
      {prompting && (search || prompting === 'choose') && (
        <Suspense fallback={null}>
          <SearchModal
            db={params.db}
            archive={params.archive}
            search={prompting === 'current' ? search : null}
            criteria={params.criteria}
            recordsPerPage={props.pageSize}
            onClose={() => setPrompting(null)}
          />
        </Suspense>
      )}
    </header>
  );
}
