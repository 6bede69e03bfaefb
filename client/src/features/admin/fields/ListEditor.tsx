// The list editor (admin-spec §3, §5): typed values (empty ones dropped on save), or a binding —
// an assembly (path and parameters, testable), an [SQL] query or a [MONGODB] query.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_BINDING_PREFIX, type AdminList } from '@gs/contract/admin/catalog';
import { testAssemblyList } from '../../../api/adminCatalog';
import { EditorFrame, SelectInput, TextInput } from '../AdminForm';
import { listBinding, listError, type ListBinding } from '../fieldRules';
import { useAdminAction } from '../useAdminAction';

const PREFIX: Record<ListBinding, string> = {
  values: '',
  assembly: '',
  sql: LIST_BINDING_PREFIX.Sql,
  mongodb: LIST_BINDING_PREFIX.MongoDb,
};

/** The path without its [SQL]/[MONGODB] prefix. */
const bareQuery = (path: string, binding: ListBinding) =>
  PREFIX[binding] ? path.slice(PREFIX[binding].length) : path;

export interface ListEditorProps {
  db: number;
  list: AdminList;
  isNew: boolean;
  onChange: (change: (list: AdminList) => AdminList) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function ListEditor({ db, list, isNew, onChange, onSave, onCancel }: ListEditorProps) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [binding, setBinding] = useState<ListBinding>(listBinding(list));
  const [tested, setTested] = useState<string[] | null>(null);
  const error = listError(list);
  const query = bareQuery(list.AssemblyPath, binding);
  const setPath = (path: string, kind = binding) =>
    onChange((l) => ({ ...l, AssemblyPath: path ? `${PREFIX[kind]}${path}` : '' }));
  return (
    <EditorFrame
      title={isNew ? t('admin.lists.create') : list.Name}
      error={error ? t(`admin.lists.errors.${error}`) : null}
      onSave={onSave}
      onCancel={onCancel}
    >
      <TextInput
        label={t('admin.labels.name')}
        value={list.Name}
        onChange={(Name) => onChange((l) => ({ ...l, Name }))}
      />
      <SelectInput
        label={t('admin.lists.binding')}
        value={binding}
        options={(['values', 'assembly', 'sql', 'mongodb'] as const).map((v) => ({
          value: v,
          label: t(`admin.lists.bindings.${v}`),
        }))}
        onChange={(next) => {
          setBinding(next);
          setPath(next === 'values' ? '' : query, next);
        }}
      />
      {binding === 'values' ? (
        <label className="field">
          <span>{t('admin.lists.values')}</span>
          <textarea
            rows={8}
            value={list.Values.join('\n')}
            onChange={(e) => onChange((l) => ({ ...l, Values: e.target.value.split('\n') }))}
          />
        </label>
      ) : (
        <>
          <TextInput
            label={t(binding === 'assembly' ? 'admin.lists.path' : 'admin.lists.query')}
            value={query}
            onChange={(q) => setPath(q)}
          />
          <TextInput
            label={t('admin.lists.parameters')}
            value={list.AssemblyParameters}
            onChange={(AssemblyParameters) => onChange((l) => ({ ...l, AssemblyParameters }))}
          />
          {binding === 'mongodb' && <p className="admin-hint">{t('admin.lists.mongoHint')}</p>}
          {binding === 'sql' && <p className="admin-hint">{t('admin.lists.sqlHint')}</p>}
        </>
      )}
      {binding === 'assembly' && (
        <button
          type="button"
          className="button"
          disabled={error !== null}
          onClick={() => void run(async (http) => setTested(await testAssemblyList(http, db, list)))}
        >
          {t('admin.lists.test')}
        </button>
      )}
      {tested && (
        <p data-testid="list-test-result">
          {t('admin.lists.tested', { count: tested.length, values: tested.slice(0, 10).join(', ') })}
        </p>
      )}
    </EditorFrame>
  );
}
