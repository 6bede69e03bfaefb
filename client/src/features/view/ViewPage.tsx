// /view?db=&a= — the search screen: archive tree on the left, the selected archive's searches on
// the right. Clicking an archive runs its default search when that setting is on (the click is
// carried in the history state, so a reload or Back does not run it again). The database in the
// address becomes the remembered one.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { positiveId, routes, viewPath } from '../../app/paths';
import { WithTexts } from '../../app/WithTexts';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { rememberDatabaseAtom, selectedDatabaseAtom } from '../../state/database';
import { autoRunDefaultSearchAtom } from '../../state/preferences';
import { showArchiveListAtom } from '../../state/displayPreferences';
import { ArchiveSearches } from './ArchiveSearches';
import { ArchiveTree } from './ArchiveTree';
import { BatchPortalsLink } from '../batches/BatchPortalsLink';
import { InboxList } from '../inbox/InboxList';
import { WorkflowSidebar } from '../workflow/WorkflowSidebar';
import { IndexedNotice } from '../indexing/IndexedNotice';
import { useIndexingTarget } from '../indexing/indexingTargets';

// the indexing view (pages, fields, KeyFree) loads when an indexing address opens it, so the search
// screen stays within its JavaScript budget (scripts/bundleSize.system.test.ts)
const IndexingView = lazy(() =>
  import('../indexing/IndexingView').then((m) => ({ default: m.IndexingView })),
);

export function ViewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const db = positiveId(params.get('db'));
  const archive = positiveId(params.get('a'));
  const remembered = useAtomValue(selectedDatabaseAtom);
  const remember = useSetAtom(rememberDatabaseAtom);
  const [names, setNames] = useState<Record<number, string>>({});
  const autoRunSetting = useAtomValue(autoRunDefaultSearchAtom);
  const showArchiveList = useAtomValue(showArchiveListAtom);
  const location = useLocation();
  const clicked = (location.state as { autoRun?: boolean } | null)?.autoRun === true;

  useEffect(() => {
    if (db !== null) remember(db);
  }, [db, remember]);

  // an indexing address (ImportDoc or an inbox file) shows the indexing view instead
  const indexing = useIndexingTarget(params);
  if (indexing)
    return (
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner label={t('app.loading')} />
          </div>
        }
      >
        {/* the indexing view's texts (the indexing part, decision 079) load with it, under this spinner */}
        <WithTexts part="indexing">
          <IndexingView key={location.search} target={indexing} />
        </WithTexts>
      </Suspense>
    );

  if (db === null) return <Navigate replace to={remembered ? viewPath(remembered) : routes.select} />;

  const select = (picked: Archive) => {
    setNames((known) => ({ ...known, [picked.Id]: picked.Name }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('a', String(picked.Id));
        return next;
      },
      { state: { autoRun: true } },
    );
  };

  return (
    <div className="view-page">
      <nav className="sidebar" aria-labelledby="archives-title">
        <h2 id="archives-title" className="sidebar__title">
          {t('view.archives.title')}
        </h2>
        {showArchiveList && <ArchiveTree key={db} db={db} selected={archive} onSelect={select} />}
        <InboxList db={db} />
        <WorkflowSidebar db={db} archive={archive} />
        <BatchPortalsLink />
      </nav>
      <div className="view-main">
        <IndexedNotice />
        {archive !== null ? (
          <ArchiveSearches
            key={`${db}:${archive}`}
            db={db}
            archive={archive}
            name={names[archive]}
            autoRun={clicked && autoRunSetting}
          />
        ) : (
          <div className="empty-state" data-testid="view-empty">
            <h1 className="visually-hidden">{t('view.title')}</h1>
            <Icon name="folder" size={40} />
            <p>{t('view.selectArchive')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
