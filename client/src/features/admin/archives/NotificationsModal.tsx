// Edit notifications (admin-spec §2, §3): who an archive's notification mail goes to, from whom,
// with which subject and message.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNotifications } from '@gs/contract/admin/catalog';
import { ChoiceModal } from '../../../components/Modal';
import { TextInput } from '../AdminForm';

export function NotificationsModal({
  value,
  onSave,
  onCancel,
}: {
  value: AdminNotifications;
  onSave: (value: AdminNotifications) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  return (
    <ChoiceModal
      title={t('admin.archives.editNotifications')}
      testId="admin-archive-notifications"
      onCancel={onCancel}
      confirmLabel={t('common.ok')}
      onConfirm={() => onSave(draft)}
    >
      <TextInput
        label={t('admin.notifications.to')}
        value={draft.To}
        onChange={(To) => setDraft({ ...draft, To })}
      />
      <TextInput
        label={t('admin.notifications.from')}
        value={draft.From}
        onChange={(From) => setDraft({ ...draft, From })}
      />
      <TextInput
        label={t('admin.notifications.subject')}
        value={draft.Subject}
        onChange={(Subject) => setDraft({ ...draft, Subject })}
      />
      <label className="field">
        <span>{t('admin.notifications.message')}</span>
        {/* eslint-disable-next-line no-restricted-syntax -- the administrator's own notification text */}
        <textarea value={draft.Message} onChange={(e) => setDraft({ ...draft, Message: e.target.value })} />
      </label>
    </ChoiceModal>
  );
}
