// FIELD_CATALOG / LISTS: a card per list; typed values lose their empty entries on save.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminList } from '@gs/contract/admin/catalog';
import { adminLists } from '../../../api/adminCatalog';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { cleanList, listBinding, newList } from '../fieldRules';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { ListEditor } from './ListEditor';

export function ListsTab({ db, lists, reload }: { db: number; lists: AdminList[]; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const editor = useEditor(lists, newList, byId);
  const [deleting, setDeleting] = useState<AdminList | null>(null);
  const draft = editor.draft;
  if (draft)
    return (
      <ListEditor
        db={db}
        list={draft}
        isNew={editor.isNew}
        onChange={editor.update}
        onCancel={editor.close}
        onSave={() => {
          const list = cleanList(draft);
          void run(
            (http) => (list.Id === 0 ? adminLists.create(http, db, list) : adminLists.update(http, db, list)),
            () => {
              editor.close();
              reload();
            },
          );
        }}
      />
    );
  return (
    <>
      <AdminCards
        createLabel={t('admin.lists.create')}
        onCreate={() => editor.open('new')}
        items={lists.map((l) => ({
          id: l.Id,
          name: l.Name,
          detail:
            listBinding(l) === 'values'
              ? t('admin.lists.valueCount', { n: l.Values.length })
              : t(`admin.lists.bindings.${listBinding(l)}`),
        }))}
        onEdit={(id) => editor.open(id)}
        onDelete={(id) => setDeleting(lists.find((l) => l.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="list"
          name={deleting.Name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => adminLists.remove(http, db, id), reload);
          }}
        />
      )}
    </>
  );
}
