// A field's list (admin-spec §3, §5): none, a drop-down list, or a dynamic list whose items are
// picked by a primary (and secondary) field through a mapping (the list mapping).
import { useTranslation } from 'react-i18next';
import { ADMIN_LIST_TYPES, type AdminField, type AdminList } from '@gs/contract/admin/catalog';
import { SelectInput } from '../AdminForm';

export interface FieldListBindingProps {
  field: AdminField;
  fields: readonly AdminField[];
  lists: readonly AdminList[];
  onChange: (list: AdminField['List']) => void;
}

export function FieldListBinding({ field, fields, lists, onChange }: FieldListBindingProps) {
  const { t } = useTranslation();
  const list = field.List;
  const others = [
    { value: 0, label: t('admin.labels.none') },
    ...fields.filter((f) => f.Id !== field.Id).map((f) => ({ value: f.Id, label: f.Name })),
  ];
  const setMapping = (index: number, patch: Partial<AdminField['List']['Mapping'][number]>) =>
    onChange({ ...list, Mapping: list.Mapping.map((m, i) => (i === index ? { ...m, ...patch } : m)) });
  return (
    <fieldset className="admin-fieldset">
      <legend>{t('admin.fields.list')}</legend>
      <SelectInput
        label={t('admin.fields.listType')}
        value={list.Type}
        options={ADMIN_LIST_TYPES.map((v) => ({
          value: v,
          label: t(`admin.fields.listTypes.${v || 'none'}`),
        }))}
        onChange={(Type) => onChange({ ...list, Type })}
      />
      {list.Type !== '' && (
        <SelectInput
          label={t('admin.fields.listName')}
          value={list.ListId}
          options={[
            { value: 0, label: t('admin.labels.none') },
            ...lists.map((l) => ({ value: l.Id, label: l.Name })),
          ]}
          onChange={(ListId) => onChange({ ...list, ListId })}
        />
      )}
      {list.Type === 'dynamic' && (
        <>
          <SelectInput
            label={t('admin.fields.primary')}
            value={list.Primary}
            options={others}
            onChange={(Primary) => onChange({ ...list, Primary })}
          />
          <SelectInput
            label={t('admin.fields.secondary')}
            value={list.Secondary}
            options={others}
            onChange={(Secondary) => onChange({ ...list, Secondary })}
          />
          <h4>{t('admin.fields.mapping')}</h4>
          <ol className="admin-rows">
            {list.Mapping.map((m, i) => (
              <li key={i} className="admin-row">
                <label className="field">
                  <span>{t('admin.fields.primaryValue')}</span>
                  <input
                    value={m.PrimaryValue}
                    onChange={(e) => setMapping(i, { PrimaryValue: e.target.value })}
                  />
                </label>
                <label className="field">
                  <span>{t('admin.fields.secondaryValue')}</span>
                  <input
                    value={m.SecondaryValue}
                    onChange={(e) => setMapping(i, { SecondaryValue: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="button"
                  aria-label={t('admin.fields.removeMapping')}
                  onClick={() => onChange({ ...list, Mapping: list.Mapping.filter((_, j) => j !== i) })}
                >
                  −
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button"
            onClick={() =>
              onChange({
                ...list,
                Mapping: [...list.Mapping, { ListId: list.ListId, PrimaryValue: '', SecondaryValue: '' }],
              })
            }
          >
            {t('admin.fields.addMapping')}
          </button>
        </>
      )}
    </fieldset>
  );
}
