// Inboxes (admin-spec §3, §6; administrators of all databases): create with a name and a base
// path (the default folder or a path of its own), delete with confirmation, and the ShowAll option.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminInbox } from '@gs/contract/admin/server';
import {
  createAdminInbox,
  deleteAdminInbox,
  getAdminInboxes,
  getInboxOptions,
  putInboxOptions,
} from '../../../api/adminServer';
import { useApiQuery } from '../../../api/useApiQuery';
import { AdminCards } from '../AdminCards';
import { EditorFrame, TextInput } from '../AdminForm';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { ShowAllOption } from './ShowAllOption';

const newInbox = (): AdminInbox => ({ Id: 0, Name: '', BasePath: '', UniqueName: '' });

function InboxList({ inboxes, reload }: { inboxes: AdminInbox[]; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const editor = useEditor(inboxes, newInbox, byId);
  const [deleting, setDeleting] = useState<AdminInbox | null>(null);
  const inbox = editor.draft;
  if (inbox)
    return (
      <EditorFrame
        title={t('admin.inboxes.create')}
        error={inbox.Name.trim() ? null : t('admin.errors.nameRequired')}
        onCancel={editor.close}
        onSave={() =>
          void run(
            (http) => createAdminInbox(http, inbox),
            () => (editor.close(), reload()),
          )
        }
      >
        <TextInput
          label={t('admin.labels.name')}
          value={inbox.Name}
          onChange={(Name) => editor.update((i) => ({ ...i, Name }))}
        />
        <TextInput
          label={t('admin.inboxes.basePath')}
          value={inbox.BasePath}
          onChange={(BasePath) => editor.update((i) => ({ ...i, BasePath }))}
        />
        <p className="admin-hint">{t('admin.inboxes.basePathHint')}</p>
      </EditorFrame>
    );
  return (
    <>
      <ShowAllOption queryKey="admin:inbox-options" load={getInboxOptions} save={putInboxOptions} />
      <AdminCards
        createLabel={t('admin.inboxes.create')}
        onCreate={() => editor.open('new')}
        items={inboxes.map((i) => ({ id: i.Id, name: i.Name, detail: i.BasePath }))}
        onDelete={(id) => setDeleting(inboxes.find((i) => i.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="inbox"
          name={deleting.Name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => deleteAdminInbox(http, id), reload);
          }}
        />
      )}
    </>
  );
}

export function InboxesMode() {
  const [state, reload] = useApiQuery('admin:inboxes', getAdminInboxes);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(inboxes) => <InboxList inboxes={inboxes} reload={reload} />}
    </QueryBoundary>
  );
}
