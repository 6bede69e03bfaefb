// The inbox panel under the archive tree (spec §2): `GET inboxes`, each inbox with its file count
// and an options popover (import scan, import file). A click opens the inbox's files
// (/results/Inbox); files dropped on an inbox are added silently, without indexing
// (globalsearch-ux §9). The panel collapses and remembers it. Adding needs the inbox's Add bit
// (2) and a licence that may write (type 4 is read-only).
import { useRef, useState, type DragEvent } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LicenseType } from '@gs/contract/flags';
import type { Inbox } from '@gs/contract/inboxes';
import { listInboxes } from '../../api/inboxes';
import { useApiQuery } from '../../api/useApiQuery';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { TreeRowCount } from '../../components/TreeRowCount';
import { inboxPanelOpenAtom } from '../../state/inboxPreferences';
import { sessionAtom } from '../../state/session';
import { hasDraggedFiles, useCanAdd } from './inboxAccess';
import { inboxResultsPath, scanIntoInboxPath } from './inboxPaths';
import { UploadStatusView } from './UploadStatusView';
import { useInboxUpload } from './useInboxUpload';
import './inbox.css';
import { QueryBoundary } from '../../components/QueryBoundary';

export interface InboxListProps {
  db: number;
  /** the inbox whose files are shown */
  selected?: number | null;
}

export function InboxList({ db, selected = null }: InboxListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(inboxPanelOpenAtom);
  const upload = useInboxUpload();
  return (
    <section className="inbox-panel" aria-labelledby="inboxes-title" data-testid="inbox-panel">
      <h2 id="inboxes-title" className="sidebar__title inbox-panel__title">
        <button
          type="button"
          className="inbox-panel__toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="inbox-panel-toggle"
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
          {t('inbox.list.title')}
        </button>
      </h2>
      {open && <InboxItems db={db} selected={selected} onUpload={upload.upload} />}
      <UploadStatusView status={upload.status} onDismiss={upload.dismiss} />
    </section>
  );
}

function InboxItems({
  db,
  selected,
  onUpload,
}: {
  db: number;
  selected: number | null;
  onUpload: (inboxId: number, files: File[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [inboxes, reload] = useApiQuery('inboxes', listInboxes);
  const picker = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<number | null>(null);

  if (inboxes.status !== 'success')
    return (
      <QueryBoundary
        state={inboxes}
        reload={reload}
        loading={t('inbox.list.loading')}
        error={t('inbox.list.error')}
        testId="inboxes-error"
      />
    );
  if (inboxes.data.length === 0) return <p className="muted inbox-panel__empty">{t('inbox.list.empty')}</p>;

  const importFile = (inboxId: number) => {
    setTarget(inboxId);
    picker.current?.click();
  };
  return (
    <>
      <ul className="tree inbox-list">
        {inboxes.data.map((inbox) => (
          <InboxRow
            key={inbox.Id}
            db={db}
            inbox={inbox}
            selected={inbox.Id === selected}
            onImportFile={() => importFile(inbox.Id)}
            onDropFiles={(files) => void onUpload(inbox.Id, files)}
          />
        ))}
      </ul>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="inbox-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (target !== null && files.length) void onUpload(target, files);
        }}
      />
    </>
  );
}

function InboxRow({
  db,
  inbox,
  selected,
  onImportFile,
  onDropFiles,
}: {
  db: number;
  inbox: Inbox;
  selected: boolean;
  onImportFile: () => void;
  onDropFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = useCanAdd()(inbox);
  // a read-only licence says why, as the toolbar does (issue 27, 12)
  const readOnly = useAtomValue(sessionAtom)?.licenseType === LicenseType.ReadOnly;
  const addTitle = readOnly ? t('documents.rules.readOnly') : undefined;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dropping, setDropping] = useState(false);
  const [refused, setRefused] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!hasDraggedFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = canAdd ? 'copy' : 'none';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasDraggedFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    if (!canAdd) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onDropFiles(Array.from(event.dataTransfer.files));
  };
  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };

  const classes = [
    'tree__row',
    selected ? 'tree__row--selected' : '',
    dropping ? 'inbox-list__row--drop' : '',
  ];
  return (
    <li className="tree__node">
      <div
        className={classes.join(' ')}
        onDragOver={onDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        data-testid={`inbox-${inbox.Id}`}
      >
        <span className="tree__spacer" aria-hidden="true" />
        <button
          type="button"
          className="tree__label"
          aria-current={selected ? 'true' : undefined}
          onClick={() => navigate(inboxResultsPath({ db, inboxId: inbox.Id }))}
        >
          <Icon name="capture" size={16} />
          <span>{inbox.Name}</span>
        </button>
        <TreeRowCount
          count={inbox.Count}
          countTitle={t('inbox.list.count', { count: inbox.Count })}
          optionsLabel={t('inbox.list.options', { name: inbox.Name })}
          menu={menu}
          onMenu={setMenu}
        />
      </div>
      {refused && (
        <p className="field-error inbox-list__refused" role="alert">
          {t('inbox.list.dropRefused', { name: inbox.Name })}
        </p>
      )}
      {menu && (
        <Popover
          anchor={menu}
          role="menu"
          className="column-menu"
          label={t('inbox.list.optionsMenu', { name: inbox.Name })}
          onClose={() => setMenu(null)}
        >
          <button
            type="button"
            role="menuitem"
            disabled={!canAdd}
            title={addTitle}
            onClick={act(() => navigate(scanIntoInboxPath(db, inbox.Id)))}
          >
            {t('inbox.list.importScan')}
          </button>
          <button
            type="button"
            role="menuitem"
            disabled={!canAdd}
            title={addTitle}
            onClick={act(onImportFile)}
          >
            {t('inbox.list.importFile')}
          </button>
        </Popover>
      )}
    </li>
  );
}
