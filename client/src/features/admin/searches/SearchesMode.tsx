// SEARCHES (admin-spec §1-5): a card per search; opening one drops the prompts of deleted fields
// with an alert; saving removes Versions from its archives; deleting needs the search's name.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AdminArchive, AdminField, AdminSearch } from '@gs/contract/admin/catalog';
import { adminFields, adminSearches, getAdminArchives } from '../../../api/adminCatalog';
import type { Http } from '../../../api/http';
import { useApiQuery } from '../../../api/useApiQuery';
import { notifyAtom } from '../adminAtoms';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { dropDeletedFields, newSearch, searchForSave } from '../searchRules';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { SearchEditor } from './SearchEditor';

interface Data {
  searches: AdminSearch[];
  archives: AdminArchive[];
  fields: AdminField[];
}

const load = async (http: Http, db: number): Promise<Data> => {
  const [searches, archives, fields] = await Promise.all([
    adminSearches.list(http, db),
    getAdminArchives(http, db),
    adminFields.list(http, db),
  ]);
  return { searches, archives, fields };
};

function SearchList({ db, data, reload }: { db: number; data: Data; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const notify = useSetAtom(notifyAtom);
  const { archives, fields } = data;
  const fieldIds = new Set(fields.map((f) => f.Id));
  // what the editor opens: prompts of deleted fields already dropped
  const searches = data.searches.map((s) => dropDeletedFields(s, fieldIds).search);
  const editor = useEditor(searches, newSearch, byId);
  const [deleting, setDeleting] = useState<AdminSearch | null>(null);
  const open = (id: number) => {
    const dropped = dropDeletedFields(
      data.searches.find((s) => s.Id === id) ?? newSearch(),
      fieldIds,
    ).dropped;
    if (dropped.length)
      notify({ kind: 'info', text: t('admin.searches.droppedFields', { count: dropped.length }) });
    editor.open(id);
  };
  const archiveName = (id: number) => archives.find((a) => a.Id === id)?.Name ?? t('admin.archives.root');
  const draft = editor.draft;
  if (draft)
    return (
      <SearchEditor
        search={draft}
        isNew={editor.isNew}
        archives={archives}
        fields={fields}
        onChange={editor.update}
        onCancel={editor.close}
        onSave={() => {
          const search = searchForSave(draft, archives);
          void run(
            (http) =>
              search.Id === 0
                ? adminSearches.create(http, db, search)
                : adminSearches.update(http, db, search),
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
        createLabel={t('admin.searches.create')}
        onCreate={() => editor.open('new')}
        items={searches.map((s) => ({ id: s.Id, name: s.Name, detail: archiveName(s.Parent) }))}
        onEdit={open}
        onDelete={(id) => setDeleting(searches.find((s) => s.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="search"
          name={deleting.Name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => adminSearches.remove(http, db, id), reload);
          }}
        />
      )}
    </>
  );
}

export function SearchesMode({ db }: { db: number }) {
  const [state, reload] = useApiQuery(`admin:searches-${db}`, (http) => load(http, db));
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(data) => <SearchList db={db} data={data} reload={reload} />}
    </QueryBoundary>
  );
}
