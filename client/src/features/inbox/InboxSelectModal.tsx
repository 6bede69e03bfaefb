// The inbox-select modal (spec §2): where to copy or move the checked files. From an inbox the only
// destinations are other inboxes (globalsearch-ux §10); the target needs Add (2), and moving also
// needs Move on the source, which the server checks.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { hasFlag, InboxPermission, LicenseType } from '@gs/contract/flags';
import type { Inbox } from '@gs/contract/inboxes';
import { listInboxes } from '../../api/inboxes';
import { useApiQuery } from '../../api/useApiQuery';
import { ChoiceModal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { sessionAtom } from '../../state/session';
import { QueryFailure } from '../../components/QueryBoundary';

export function InboxSelectModal({
  current,
  count,
  onChoose,
  onCancel,
}: {
  current: number;
  count: number;
  onChoose: (target: Inbox, move: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const writable = useAtomValue(sessionAtom)?.licenseType !== LicenseType.ReadOnly;
  const [inboxes] = useApiQuery('inboxes', listInboxes);
  const [target, setTarget] = useState<number | null>(null);
  const [move, setMove] = useState(false);
  const others = inboxes.status === 'success' ? inboxes.data.filter((i) => i.Id !== current) : [];
  const chosen = others.find((i) => i.Id === target) ?? null;

  return (
    <ChoiceModal
      title={t('inbox.transfer.title', { count })}
      onCancel={onCancel}
      testId="inbox-select"
      confirmLabel={t(move ? 'inbox.transfer.move' : 'inbox.transfer.copy')}
      canConfirm={chosen !== null}
      onConfirm={() => chosen && onChoose(chosen, move)}
    >
      <fieldset className="inbox-choice">
        <legend>{t('inbox.transfer.mode')}</legend>
        <label className="checkbox">
          <input type="radio" name="inbox-mode" checked={!move} onChange={() => setMove(false)} />
          {t('inbox.transfer.copy')}
        </label>
        <label className="checkbox">
          <input type="radio" name="inbox-mode" checked={move} onChange={() => setMove(true)} />
          {t('inbox.transfer.move')}
        </label>
      </fieldset>
      {inboxes.status === 'loading' && <Spinner label={t('inbox.list.loading')} />}
      <QueryFailure state={inboxes} error={t('inbox.list.error')} />
      {inboxes.status === 'success' && others.length === 0 && (
        <p className="muted">{t('inbox.transfer.none')}</p>
      )}
      {others.length > 0 && (
        <fieldset className="inbox-choice">
          <legend>{t('inbox.transfer.destination')}</legend>
          {others.map((inbox) => (
            <label key={inbox.Id} className="checkbox">
              <input
                type="radio"
                name="inbox-target"
                checked={target === inbox.Id}
                disabled={!writable || !hasFlag(inbox.Permissions, InboxPermission.Add)}
                onChange={() => setTarget(inbox.Id)}
              />
              {inbox.Name}
            </label>
          ))}
        </fieldset>
      )}
    </ChoiceModal>
  );
}
