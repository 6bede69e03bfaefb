// The search editor (admin-spec §3, §5): name, where it is filed, the archives it searches (never
// Versions; a database-level search without archives is warned about), its prompts and options.
import { useTranslation } from 'react-i18next';
import type { AdminArchive, AdminField, AdminSearch } from '@gs/contract/admin/catalog';
import { archiveTree } from '../archiveRules';
import { CheckInput, EditorFrame, SelectInput, TextInput } from '../AdminForm';
import { needsArchivesWarning, promptFields, searchError } from '../searchRules';
import { SearchParameters } from './SearchParameters';

export interface SearchEditorProps {
  search: AdminSearch;
  isNew: boolean;
  archives: readonly AdminArchive[];
  fields: readonly AdminField[];
  onChange: (change: (search: AdminSearch) => AdminSearch) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function SearchEditor({
  search,
  isNew,
  archives,
  fields,
  onChange,
  onSave,
  onCancel,
}: SearchEditorProps) {
  const { t } = useTranslation();
  const error = searchError(search);
  const set = (patch: Partial<AdminSearch>) => onChange((s) => ({ ...s, ...patch }));
  const tree = archiveTree(archives).filter(
    ({ archive }) => archive.Name.trim().toLowerCase() !== 'versions',
  );
  const toggle = (id: number, on: boolean) =>
    onChange((s) => ({ ...s, Archives: on ? [...s.Archives, id] : s.Archives.filter((a) => a !== id) }));
  return (
    <EditorFrame
      title={isNew ? t('admin.searches.create') : search.Name}
      error={error ? t(`admin.errors.${error}`) : null}
      onSave={onSave}
      onCancel={onCancel}
    >
      <TextInput label={t('admin.labels.name')} value={search.Name} onChange={(Name) => set({ Name })} />
      <SelectInput
        label={t('admin.searches.parent')}
        value={search.Parent}
        options={[
          { value: 0, label: t('admin.archives.root') },
          ...tree.map(({ archive: a, depth }) => ({ value: a.Id, label: `${'— '.repeat(depth)}${a.Name}` })),
        ]}
        onChange={(Parent) => set({ Parent })}
      />
      <fieldset className="admin-fieldset">
        <legend>{t('admin.searches.archives')}</legend>
        <ul className="admin-checklist">
          {tree.map(({ archive: a }) => (
            <li key={a.Id}>
              <CheckInput
                label={a.Name}
                checked={search.Archives.includes(a.Id)}
                onChange={(on) => toggle(a.Id, on)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {needsArchivesWarning(search) && (
        <p className="admin-warning" role="status">
          {t('admin.searches.noArchivesWarning')}
        </p>
      )}
      <SearchParameters
        parameters={search.Parameters}
        fields={promptFields(search, archives, fields)}
        onChange={(Parameters) => set({ Parameters })}
      />
      <CheckInput
        label={t('admin.searches.grantAll')}
        checked={search.GrantAll}
        onChange={(GrantAll) => set({ GrantAll })}
      />
      <CheckInput
        label={t('admin.searches.multiValue')}
        checked={search.MultiValue}
        onChange={(MultiValue) => set({ MultiValue })}
      />
      <CheckInput
        label={t('admin.searches.viewTabs')}
        checked={search.DisplayViewTabs}
        onChange={(DisplayViewTabs) => set({ DisplayViewTabs })}
      />
      <CheckInput
        label={t('admin.searches.useTime')}
        checked={search.UseTime}
        onChange={(UseTime) => set({ UseTime })}
      />
      <CheckInput
        label={t('admin.searches.contentSearch')}
        checked={search.ContentSearch.Enabled}
        onChange={(Enabled) => set({ ContentSearch: { ...search.ContentSearch, Enabled } })}
      />
      <TextInput
        label={t('admin.searches.grouping')}
        value={search.AdvancedGrouping}
        onChange={(AdvancedGrouping) => set({ AdvancedGrouping })}
      />
    </EditorFrame>
  );
}
