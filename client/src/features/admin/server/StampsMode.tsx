// Stamps (admin-spec §5, §6): sorted alphabetically; a duplicate is refused with 'Stamp already
// exists.'; an empty text cannot be added; @Today and @User are filled when the stamp is applied.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AdminStamp } from '@gs/contract/admin/server';
import { createAdminStamp, deleteAdminStamp, getAdminStamps } from '../../../api/adminServer';
import { useApiQuery } from '../../../api/useApiQuery';
import { sessionAtom } from '../../../state/session';
import { reportErrorAtom } from '../adminAtoms';
import { previewStamp, sortStamps, stampError } from '../adminRules';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';
import { useDateFormat } from '../../../app/useDateFormat';

function StampList({ stamps, reload }: { stamps: AdminStamp[]; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const fail = useSetAtom(reportErrorAtom);
  const user = useAtomValue(sessionAtom)?.username ?? '';
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<AdminStamp | null>(null);
  const sorted = sortStamps(stamps);
  const today = useDateFormat().date(new Date());
  const add = () => {
    const error = stampError(text, stamps);
    if (error === 'empty') return;
    if (error) return fail(t('admin.stamps.exists'));
    void run(
      (http) => createAdminStamp(http, text.trim()),
      () => {
        setText('');
        reload();
      },
    );
  };
  return (
    <>
      <form className="admin-inline-form" onSubmit={(e) => (e.preventDefault(), add())}>
        <label className="field">
          <span>{t('admin.stamps.text')}</span>
          <input value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={!text.trim()}>
          {t('admin.stamps.add')}
        </button>
        <p className="admin-hint">{t('admin.stamps.placeholders')}</p>
        {text.trim() && <p data-testid="stamp-preview">{previewStamp(text, user, today)}</p>}
      </form>
      <AdminCards
        items={sorted.map((s) => ({ id: s.Id, name: s.Text }))}
        onDelete={(id) => setDeleting(sorted.find((s) => s.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="stamp"
          name={deleting.Text}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => deleteAdminStamp(http, id), reload);
          }}
        />
      )}
    </>
  );
}

export function StampsMode() {
  const [state, reload] = useApiQuery('admin:stamps', getAdminStamps);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(stamps) => <StampList stamps={stamps} reload={reload} />}
    </QueryBoundary>
  );
}
