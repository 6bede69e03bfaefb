// Registration (admin-spec §2, §6; the admin group): what the server is registered as, its
// licensed features, and the manual registration (PUT) or the web registration (POST).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistrationRequest } from '@gs/contract/admin/server';
import { getRegistration, register } from '../../../api/adminServer';
import { useApiQuery } from '../../../api/useApiQuery';
import { ChoiceModal } from '../../../components/Modal';
import { TextInput } from '../AdminForm';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';

function ManualRegistration({ uid, onDone }: { uid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [body, setBody] = useState<AdminRegistrationRequest>({ UniqueId: uid, Serial: '', Registration: '' });
  const complete = body.Serial.trim() !== '' && body.Registration.trim() !== '';
  return (
    <ChoiceModal
      title={t('admin.registration.manual')}
      testId="admin-manual-registration"
      onCancel={onDone}
      confirmLabel={t('admin.registration.register')}
      canConfirm={complete}
      onConfirm={() => void run((http) => register(http, body, true), onDone)}
    >
      <p>{t('admin.registration.uniqueId', { uid })}</p>
      <TextInput
        label={t('admin.registration.serial')}
        value={body.Serial}
        onChange={(Serial) => setBody({ ...body, Serial })}
      />
      <TextInput
        label={t('admin.registration.code')}
        value={body.Registration}
        onChange={(Registration) => setBody({ ...body, Registration })}
      />
    </ChoiceModal>
  );
}

export function RegistrationMode() {
  const { t } = useTranslation();
  const [state, reload] = useApiQuery('admin:registration', getRegistration);
  const [manual, setManual] = useState(false);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(reg) => (
        <div className="admin-registration">
          <dl className="admin-facts">
            <dt>{t('admin.registration.product')}</dt>
            <dd>{reg?.Product ?? ''}</dd>
            <dt>{t('admin.registration.serial')}</dt>
            <dd>{reg?.Serial ?? ''}</dd>
            <dt>{t('admin.registration.number')}</dt>
            <dd>{reg?.RegNumber ?? ''}</dd>
            <dt>{t('admin.registration.type')}</dt>
            <dd>{reg?.RegType ?? ''}</dd>
          </dl>
          <button type="button" className="button button--primary" onClick={() => setManual(true)}>
            {t('admin.registration.manual')}
          </button>
          {manual && (
            <ManualRegistration
              uid={reg?.UID ?? ''}
              onDone={() => {
                setManual(false);
                reload();
              }}
            />
          )}
        </div>
      )}
    </QueryBoundary>
  );
}
