// The field editor (field-edit mode, admin-spec §3-5): type (a system field's type change resets
// it to readOnly), length (default 50), format, regex, required, multi-value, system field, list.
import { useTranslation } from 'react-i18next';
import {
  ADMIN_FIELD_TYPES,
  ADMIN_SYSTEM_FIELDS,
  type AdminField,
  type AdminList,
} from '@gs/contract/admin/catalog';
import { changeFieldType, fieldError, toggleSystemField } from '../fieldRules';
import { CheckInput, EditorFrame, NumberInput, SelectInput, TextInput } from '../AdminForm';
import { FieldListBinding } from './FieldListBinding';

export interface FieldEditorProps {
  field: AdminField;
  isNew: boolean;
  fields: readonly AdminField[];
  lists: readonly AdminList[];
  onChange: (change: (field: AdminField) => AdminField) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function FieldEditor({ field, isNew, fields, lists, onChange, onSave, onCancel }: FieldEditorProps) {
  const { t } = useTranslation();
  const error = fieldError(field);
  const set = (patch: Partial<AdminField>) => onChange((f) => ({ ...f, ...patch }));
  return (
    <EditorFrame
      title={isNew ? t('admin.fields.create') : field.Name}
      error={error ? t(`admin.errors.${error}`) : null}
      onSave={onSave}
      onCancel={onCancel}
    >
      <TextInput label={t('admin.labels.name')} value={field.Name} onChange={(Name) => set({ Name })} />
      <SelectInput
        label={t('admin.fields.type')}
        value={field.Type}
        options={ADMIN_FIELD_TYPES.map((v) => ({ value: v, label: t(`admin.fields.types.${v}`) }))}
        onChange={(type) => onChange((f) => changeFieldType(f, type))}
      />
      {field.Type === 'character' && (
        <NumberInput
          label={t('admin.fields.length')}
          value={field.Length}
          min={1}
          onChange={(Length) => set({ Length })}
        />
      )}
      <TextInput
        label={t('admin.fields.format')}
        value={field.Format}
        onChange={(Format) => set({ Format })}
      />
      <TextInput label={t('admin.fields.regex')} value={field.Regex} onChange={(Regex) => set({ Regex })} />
      <CheckInput
        label={t('admin.fields.required')}
        checked={field.Required}
        disabled={field.SystemField !== ''}
        onChange={(Required) => set({ Required })}
      />
      <CheckInput
        label={t('admin.fields.multiValue')}
        checked={field.MultiValue}
        onChange={(MultiValue) => set({ MultiValue })}
      />
      <CheckInput
        label={t('admin.fields.systemField')}
        checked={field.SystemField !== ''}
        onChange={() => onChange(toggleSystemField)}
      />
      {field.SystemField !== '' && (
        <SelectInput
          label={t('admin.fields.systemKind')}
          value={field.SystemField}
          options={ADMIN_SYSTEM_FIELDS.filter((v) => v !== '').map((v) => ({
            value: v,
            label: t(`admin.fields.system.${v}`),
          }))}
          onChange={(SystemField) => set({ SystemField })}
        />
      )}
      <FieldListBinding field={field} fields={fields} lists={lists} onChange={(List) => set({ List })} />
    </EditorFrame>
  );
}
