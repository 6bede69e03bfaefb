// The database's archive tree: roots from `dbs/{db}/archives`, children fetched when a node
// with sub-archives (Properties & 2) is expanded, each with its document count (`?type=info`,
// fetched when the node shows and cached for the session). Versions archives of revision-controlled
// archives show only under the General setting showVersionArchive (versionsArchives.ts).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { ArchiveProperties, hasFlag } from '@gs/contract/flags';
import { getArchiveInfo, getChildArchives, getRootArchives } from '../../api/archives';
import { queryKeys } from '../../api/queryClient';
import { useArchiveAncestors } from './useArchiveAncestors';
import { settled, useApiQuery, useCachedQuery } from '../../api/useApiQuery';
import { Icon } from '../../components/Icon';
import { useImportDataItems } from '../bulk/importDataItems';
import { ArchiveOptions } from '../capture/ArchiveOptions';
import { showVersionArchiveAtom } from '../../state/displayPreferences';
import { visibleChildren } from './versionsArchives';
import { QueryBoundary } from '../../components/QueryBoundary';

export interface TreeProps {
  db: number;
  selected: number | null;
  onSelect: (archive: Archive) => void;
  /** archives above the selected one: shown open */
  ancestors?: ReadonlySet<number>;
}

export function ArchiveTree({ db, selected, onSelect }: TreeProps) {
  const { t } = useTranslation();
  const ancestors = useArchiveAncestors(db, selected);
  const [roots, reload] = useApiQuery(`roots:${db}`, (http) => getRootArchives(http, db));
  if (roots.status !== 'success')
    return (
      <QueryBoundary
        state={roots}
        reload={reload}
        loading={t('view.archives.loading')}
        error={t('view.archives.error')}
        testId="archives-error"
      />
    );
  if (roots.data.length === 0) return <p className="muted">{t('view.archives.empty')}</p>;
  return (
    <ArchiveList
      db={db}
      archives={roots.data}
      selected={selected}
      onSelect={onSelect}
      ancestors={ancestors}
    />
  );
}

function ArchiveList({ archives, ...props }: TreeProps & { archives: Archive[] }) {
  return (
    <ul className="tree">
      {archives.map((archive) => (
        <ArchiveNode key={archive.Id} archive={archive} {...props} />
      ))}
    </ul>
  );
}

function ArchiveNode({ archive, ...props }: TreeProps & { archive: Archive }) {
  const { t } = useTranslation();
  const importData = useImportDataItems();
  // null until the user opens or closes it: then it follows the selection's ancestors
  const [toggled, setToggled] = useState<boolean | null>(null);
  const expanded = toggled ?? props.ancestors?.has(archive.Id) ?? false;
  const setExpanded = setToggled;
  const hasChildren = hasFlag(archive.Properties, ArchiveProperties.HasChildren);
  const isSelected = props.selected === archive.Id;
  const select = () => {
    props.onSelect(archive);
    if (hasChildren) setExpanded(true);
  };
  return (
    <li className="tree__node">
      <div className={`tree__row${isSelected ? ' tree__row--selected' : ''}`}>
        {hasChildren ? (
          <button
            type="button"
            className="tree__toggle"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'view.archives.collapse' : 'view.archives.expand', {
              name: archive.Name,
            })}
            onClick={() => setExpanded(!expanded)}
          >
            <Icon name={expanded ? 'chevronDown' : 'chevronRight'} size={16} />
          </button>
        ) : (
          <span className="tree__spacer" aria-hidden="true" />
        )}
        <button
          type="button"
          className="tree__label"
          aria-current={isSelected ? 'true' : undefined}
          onClick={select}
          data-testid={`archive-${archive.Id}`}
        >
          <Icon name="folder" size={16} />
          <span>{archive.Name}</span>
        </button>
        <ArchiveCount db={props.db} archive={archive.Id} />
        <ArchiveOptions db={props.db} archive={archive} extraItems={importData} />
      </div>
      {expanded && <ArchiveChildren parent={archive.Id} {...props} />}
    </li>
  );
}

function ArchiveChildren({ parent, ...props }: TreeProps & { parent: number }) {
  const { t } = useTranslation();
  const [children, reload] = useApiQuery(`children:${props.db}:${parent}`, (http) =>
    getChildArchives(http, props.db, parent),
  );
  const showVersionArchive = useAtomValue(showVersionArchiveAtom);
  // the parent's info (its count's, cached): whether it is revision-controlled
  const [parentInfo] = useCachedQuery(queryKeys.archiveInfo(props.db, parent), (http) =>
    getArchiveInfo(http, props.db, parent),
  );
  // unknown while loading (undefined), unknowable after a failure (null)
  const parentFlags = settled(
    parentInfo,
    (info) => info.DBProperties ?? 0,
    () => null,
  );
  return (
    <QueryBoundary
      state={children}
      loading={t('view.archives.loading')}
      error={t('view.archives.childrenError')}
      reload={reload}
      failureAs="line"
      className="tree__retry"
    >
      {(list) => {
        const shown = visibleChildren(list, parentFlags, showVersionArchive);
        if (shown.length === 0) return <p className="muted tree__empty">{t('view.archives.noChildren')}</p>;
        return <ArchiveList archives={shown} {...props} />;
      }}
    </QueryBoundary>
  );
}

function ArchiveCount({ db, archive }: { db: number; archive: number }) {
  const { t } = useTranslation();
  const [info] = useCachedQuery(queryKeys.archiveInfo(db, archive), (http) =>
    getArchiveInfo(http, db, archive),
  );
  if (info.status !== 'success' || typeof info.data.Count !== 'number') return null;
  return (
    <span
      className="tree__count"
      data-testid={`archive-count-${archive}`}
      title={t('view.archives.count', { count: info.data.Count })}
    >
      {info.data.Count.toLocaleString()}
    </span>
  );
}
