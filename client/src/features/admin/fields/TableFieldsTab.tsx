// FIELD_CATALOG / TABLE_FIELDS: a table field's columns are ordinary, single-value, optional
// fields; removing one asks first, and the last cannot go ('Can not have less than 1 Row.').
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AdminField, AdminTableField } from '@gs/contract/admin/catalog';
import { adminTableFields } from '../../../api/adminCatalog';
import { ConfirmDialog } from '../../../components/Modal';
import { reportErrorAtom } from '../adminAtoms';
import { AdminCards } from '../AdminCards';
import { EditorFrame, TextInput } from '../AdminForm';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { newTableField, removeTableFieldColumn, tableFieldEligible, tableFieldError } from '../fieldRules';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';

export function TableFieldsTab({
  db,
  tables,
  fields,
  reload,
}: {
  db: number;
  tables: AdminTableField[];
  fields: AdminField[];
  reload: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const fail = useSetAtom(reportErrorAtom);
  const editor = useEditor(tables, newTableField, byId);
  const [removing, setRemoving] = useState<AdminField | null>(null);
  const [deleting, setDeleting] = useState<AdminTableField | null>(null);
  const eligible = fields.filter(tableFieldEligible);
  const name = (id: number) => fields.find((f) => f.Id === id)?.Name ?? String(id);
  const draft = editor.draft;
  if (draft) {
    const error = tableFieldError(draft, fields);
    const errorText =
      error === null
        ? null
        : error === 'nameRequired' || error === 'ineligible'
          ? t(`admin.tableFields.${error}`)
          : t('admin.tableFields.minRows');
    return (
      <EditorFrame
        title={editor.isNew ? t('admin.tableFields.create') : draft.Name}
        error={errorText}
        onCancel={editor.close}
        onSave={() =>
          void run(
            (http) =>
              draft.Id === 0
                ? adminTableFields.create(http, db, draft)
                : adminTableFields.update(http, db, draft),
            () => {
              editor.close();
              reload();
            },
          )
        }
      >
        <TextInput
          label={t('admin.labels.name')}
          value={draft.Name}
          onChange={(Name) => editor.update((d) => ({ ...d, Name }))}
        />
        <ul className="admin-checklist">
          {eligible.map((f) => {
            const on = draft.Fields.includes(f.Id);
            return (
              <li key={f.Id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() =>
                      on ? setRemoving(f) : editor.update((d) => ({ ...d, Fields: [...d.Fields, f.Id] }))
                    }
                  />
                  {f.Name}
                </label>
              </li>
            );
          })}
        </ul>
        {removing && (
          <ConfirmDialog
            title={t('admin.tableFields.removeTitle')}
            message={t('admin.tableFields.removeMessage', { name: removing.Name })}
            confirmLabel={t('admin.actions.remove')}
            testId="admin-remove-column"
            onCancel={() => setRemoving(null)}
            onConfirm={() => {
              const { table, error: refused } = removeTableFieldColumn(draft, removing.Id);
              setRemoving(null);
              if (refused) fail(t('admin.tableFields.minRows'));
              else editor.update(() => table);
            }}
          />
        )}
      </EditorFrame>
    );
  }
  return (
    <>
      <AdminCards
        createLabel={t('admin.tableFields.create')}
        onCreate={() => editor.open('new')}
        items={tables.map((tf) => ({ id: tf.Id, name: tf.Name, detail: tf.Fields.map(name).join(', ') }))}
        onEdit={(id) => editor.open(id)}
        onDelete={(id) => setDeleting(tables.find((tf) => tf.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="tableField"
          name={deleting.Name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => adminTableFields.remove(http, db, id), reload);
          }}
        />
      )}
    </>
  );
}
