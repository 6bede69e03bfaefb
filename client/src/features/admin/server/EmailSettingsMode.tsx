// Email server settings (admin-spec §1): the mail server the database's notifications go
// through (`admin/databases/{db}/notifications`).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMailServer } from '@gs/contract/admin/catalog';
import { getMailServer, putMailServer } from '../../../api/adminCatalog';
import { useApiQuery } from '../../../api/useApiQuery';
import { EditorFrame, NumberInput, TextInput } from '../AdminForm';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';

const EMPTY: AdminMailServer = { Server: '', Port: 25, Auth: { User: '', Password: '' } };

function MailForm({ db, saved, reload }: { db: number; saved: AdminMailServer; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [mail, setMail] = useState<AdminMailServer>({
    ...EMPTY,
    ...saved,
    Auth: { ...EMPTY.Auth, ...saved.Auth },
  });
  const portValid = Number.isInteger(mail.Port) && mail.Port > 0 && mail.Port < 65536;
  return (
    <EditorFrame
      title={t('admin.email.title')}
      error={portValid ? null : t('admin.email.portInvalid')}
      onCancel={() => setMail(saved)}
      onSave={() => void run((http) => putMailServer(http, db, mail), reload)}
    >
      <TextInput
        label={t('admin.email.server')}
        value={mail.Server}
        onChange={(Server) => setMail({ ...mail, Server })}
      />
      <NumberInput
        label={t('admin.email.port')}
        value={mail.Port}
        min={1}
        onChange={(Port) => setMail({ ...mail, Port })}
      />
      <TextInput
        label={t('admin.email.user')}
        value={mail.Auth.User}
        onChange={(User) => setMail({ ...mail, Auth: { ...mail.Auth, User } })}
      />
      <TextInput
        label={t('admin.email.password')}
        type="password"
        value={mail.Auth.Password}
        onChange={(Password) => setMail({ ...mail, Auth: { ...mail.Auth, Password } })}
      />
    </EditorFrame>
  );
}

export function EmailSettingsMode({ db }: { db: number }) {
  const [state, reload] = useApiQuery(`admin:mail-${db}`, (http) => getMailServer(http, db));
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(saved) => <MailForm db={db} saved={saved ?? EMPTY} reload={reload} />}
    </QueryBoundary>
  );
}
