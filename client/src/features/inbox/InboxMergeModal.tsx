// Where a merge of checked inbox files goes (spec §5, MergeTargetType): a new document of an
// archive (the archive tree; Add (2) needed, the new document starts without index data) or a new
// file of this inbox (Add on the inbox). The pages follow the order the files were checked in; the
// dialog says the checked files are kept (issue 27).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { ArchivePermission, hasFlag, InboxPermission } from '@gs/contract/flags';
import type { Inbox } from '@gs/contract/inboxes';
import { ChoiceModal } from '../../components/Modal';
import { ArchiveTree } from '../view/ArchiveTree';

export type InboxMergeTarget = { kind: 'archive'; archive: Archive } | { kind: 'inbox' };

export function InboxMergeModal({
  db,
  inbox,
  files,
  onChoose,
  onCancel,
}: {
  db: number;
  inbox: Inbox;
  /** the checked files' names in page order */
  files: string[];
  onChoose: (target: InboxMergeTarget) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const inboxAllowed = hasFlag(inbox.Permissions, InboxPermission.Add);
  const [kind, setKind] = useState<'archive' | 'inbox'>('archive');
  const [archive, setArchive] = useState<Archive | null>(null);
  const archiveAllowed = archive !== null && hasFlag(archive.Permissions, ArchivePermission.Add);
  const ready = kind === 'inbox' ? inboxAllowed : archiveAllowed;
  return (
    <ChoiceModal
      title={t('inboxOps.merge.title', { count: files.length })}
      onCancel={onCancel}
      testId="inbox-merge"
      confirmLabel={t('documents.actions.merge')}
      canConfirm={ready}
      onConfirm={() =>
        kind === 'inbox' ? onChoose({ kind }) : archive && onChoose({ kind: 'archive', archive })
      }
      confirmTestId="inbox-merge-confirm"
    >
      <p data-testid="inbox-merge-kept">
        <strong>{t('inboxOps.merge.kept')}</strong>
      </p>
      <p className="muted">{t('inboxOps.merge.order')}</p>
      <ol className="inbox-merge__order" data-testid="inbox-merge-order">
        {files.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
      <fieldset className="inbox-choice">
        <legend>{t('inboxOps.merge.target')}</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="inbox-merge-target"
            checked={kind === 'archive'}
            onChange={() => setKind('archive')}
          />
          {t('inboxOps.merge.toArchive')}
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="inbox-merge-target"
            checked={kind === 'inbox'}
            disabled={!inboxAllowed}
            onChange={() => setKind('inbox')}
          />
          {t('inboxOps.merge.toInbox', { name: inbox.Name })}
        </label>
      </fieldset>
      {kind === 'archive' && (
        <>
          <ArchiveTree db={db} selected={archive?.Id ?? null} onSelect={setArchive} />
          {archive && !archiveAllowed && (
            <p className="field-error" role="alert">
              {t('inbox.send.noAdd', { name: archive.Name })}
            </p>
          )}
        </>
      )}
    </ChoiceModal>
  );
}
