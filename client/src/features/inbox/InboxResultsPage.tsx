// /results/Inbox?db&inboxId (spec §2): an inbox's files. The archive tree (under showArchiveList)
// and the inbox list on the left (the same remembered sidebar as the results page), the inbox's
// name and file count, the operations on the checked files, and the grid paged and sorted from the
// address (an invalid page size becomes 25, spec §5). Files dropped on the grid are added to this
// inbox; a file opens in the viewer from its view button or a double-click. Inboxes have no
// history (spec §6), so there is no history panel here.
import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { useAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Inbox } from '@gs/contract/inboxes';
import { fullName, getInboxPage } from '../../api/inboxes';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { QueryFailure } from '../../components/QueryBoundary';
import { GRID_PAGE_SIZE_DEFAULT, gridPageSize } from '../../lib/pageSize';
import { sidebarOpenAtom } from '../../state/preferences';
import { ResultsBadAddress, ResultsSidebar, resultsPageClass } from '../results/ResultsFrame';
import { LazyInboxList } from '../results/SidebarPanels';
import { SidebarToggle } from '../results/ResultsToggles';
import { inboxErrorText } from './inboxErrors';
import { InboxGrid } from './InboxGrid';
import { hasDraggedFiles, useCanAdd } from './inboxAccess';
import { inboxResultsPath, parseInboxParams, type InboxParams, type InboxTarget } from './inboxPaths';
import { InboxToolbar } from './InboxToolbar';
import { UploadStatusView } from './UploadStatusView';
import { useInboxUpload } from './useInboxUpload';
import { useOpenInboxFile } from './useOpenInboxFile';
import './inbox.css';

/** The inbox grid's page size: anything invalid (not a number, 0 or less, above 10000) is 25. */
export function inboxPageSize(text: string | null): number {
  const size = gridPageSize(text);
  return size.needsConfirm ? GRID_PAGE_SIZE_DEFAULT : size.size;
}

const NONE: readonly string[] = [];

export function InboxResultsPage() {
  const [query] = useSearchParams();
  const params = useMemo(() => parseInboxParams(query), [query]);
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);

  if (!params) return <ResultsBadAddress />;

  return (
    <div className={resultsPageClass(sidebarOpen)}>
      {sidebarOpen && (
        <ResultsSidebar titleId="inbox-archives-title" db={params.db} archive={null}>
          <LazyInboxList db={params.db} selected={params.inboxId} />
        </ResultsSidebar>
      )}
      <InboxMain
        key={`${params.db}:${params.inboxId}`}
        params={params}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
      />
    </div>
  );
}

function InboxMain({
  params,
  sidebarOpen,
  onToggleSidebar,
}: {
  params: InboxParams;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageSize = inboxPageSize(params.size);
  const go = useCallback(
    (patch: Partial<InboxTarget>, replace = false) =>
      navigate(inboxResultsPath({ ...params, size: params.size === null ? null : pageSize, ...patch }), {
        replace,
      }),
    [navigate, params, pageSize],
  );
  const request = { inboxId: params.inboxId, page: params.page, pageSize, sort: params.sort };
  const [data, reload] = useApiQuery(
    `inbox:${params.inboxId}:${params.page}:${pageSize}:${params.sort.key}:${params.sort.descending}`,
    (http) => getInboxPage(http, request),
  );
  const inbox: Inbox | null = data.status === 'success' ? data.data : null;
  // a page past the end (files were removed) shows the last page there is
  const lastPage =
    inbox && inbox.Files.length === 0 && params.page > 1
      ? Math.max(1, Math.ceil(inbox.Count / pageSize))
      : null;
  useEffect(() => {
    if (lastPage !== null && lastPage !== params.page) void go({ page: lastPage }, true);
  }, [lastPage, params.page, go]);

  // the checked files' names in check order, the grid's one selection; a new page, sort or reload
  // (a new answer) starts with nothing checked
  const [selection, setSelection] = useState<{ of: Inbox | null; names: readonly string[] }>({
    of: null,
    names: NONE,
  });
  const checkedNames = selection.of === inbox ? selection.names : NONE;
  const byName = new Map((inbox?.Files ?? []).map((f) => [fullName(f), f]));
  const checked = checkedNames.flatMap((name) => byName.get(name) ?? []);

  const upload = useInboxUpload();
  const openFile = useOpenInboxFile(params.db, params.inboxId);
  const canAdd = useCanAdd();
  const [dropping, setDropping] = useState(false);
  const [refused, setRefused] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!hasDraggedFiles(event)) return;
    event.preventDefault();
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasDraggedFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    if (!inbox) return;
    if (!canAdd(inbox)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    void upload.upload(inbox.Id, Array.from(event.dataTransfer.files));
  };

  return (
    <section
      className={`results-main inbox-main${dropping ? ' inbox-main--drop' : ''}`}
      aria-labelledby="results-title"
      onDragOver={onDragOver}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
      data-testid="inbox-results"
    >
      <header className="results-header">
        <div className="results-header__titles">
          <p className="panel__eyebrow">{t('inbox.results.eyebrow')}</p>
          <h1 id="results-title" className="panel__title">
            {inbox?.Name ?? '\u00a0'}
          </h1>
          {inbox && (
            <p className="muted" data-testid="inbox-count">
              {t('inbox.results.count', { count: inbox.Count })}
            </p>
          )}
        </div>
        <div className="results-header__tools">
          <SidebarToggle open={sidebarOpen} onToggle={onToggleSidebar} />
          <button type="button" className="button button--small" onClick={reload} data-testid="inbox-refresh">
            {t('inbox.results.refresh')}
          </button>
        </div>
      </header>
      {inbox && (
        <InboxToolbar
          db={params.db}
          inbox={inbox}
          checked={checked}
          onUpload={(files) => void upload.upload(inbox.Id, files)}
        />
      )}
      <UploadStatusView status={upload.status} onDismiss={upload.dismiss} />
      {refused && inbox && (
        <Alert tone="error" testId="inbox-drop-refused">
          {t('inbox.list.dropRefused', { name: inbox.Name })}
        </Alert>
      )}
      <QueryFailure state={data} error={(error) => inboxErrorText(t, error)} testId="inbox-load-error">
        <InboxGrid
          inboxId={params.inboxId}
          files={inbox?.Files ?? []}
          loaded={inbox !== null}
          loading={data.status === 'loading'}
          sort={params.sort}
          page={params.page}
          pageSize={pageSize}
          total={inbox?.Count ?? 0}
          checked={checkedNames}
          onChecked={(names) => setSelection({ of: inbox, names })}
          onSort={(sort) => void go({ sort, page: 1 })}
          onPage={(page) => void go({ page })}
          onPageSize={(size) => void go({ size, page: 1 })}
          onOpen={openFile}
        />
      </QueryFailure>
    </section>
  );
}
