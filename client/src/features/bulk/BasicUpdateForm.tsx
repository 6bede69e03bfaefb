// The basic bulk update: all documents of the search (`simple`) or the checked ones
// (`documentSelectUpdate`), and a value for any of the fields (empty fields stay as they are).
// System fields are offered only with OverwriteSystem; each value is checked by the field's rules.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../components/fields/FieldInput';
import { fieldCheckMessage } from '../../components/fields/fieldCheckMessage';
import { useFieldItems } from '../../components/fields/useFieldItems';
import type { FieldSpec } from '../../lib/fieldSpec';
import { basicValueError, isBulkEditable } from './bulkValidation';

export interface BasicState {
  type: 'simple' | 'documentSelectUpdate';
  values: Record<number, string>;
}

export interface BasicUpdateFormProps {
  db: number;
  fields: FieldSpec[];
  locale: string;
  checkedCount: number;
  overwriteSystem: boolean;
  value: BasicState;
  onChange: (value: BasicState) => void;
}

export function BasicUpdateForm(props: BasicUpdateFormProps) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const editable = props.fields.filter((f) => isBulkEditable(f, props.overwriteSystem));
  return (
    <>
      <fieldset className="bulk-fieldset">
        <legend>{t('bulk.basic.scope')}</legend>
        <label>
          <input
            type="radio"
            name="bulk-basic-type"
            checked={value.type === 'simple'}
            onChange={() => onChange({ ...value, type: 'simple' })}
          />
          {t('bulk.basic.simple')}
        </label>
        <label>
          <input
            type="radio"
            name="bulk-basic-type"
            checked={value.type === 'documentSelectUpdate'}
            onChange={() => onChange({ ...value, type: 'documentSelectUpdate' })}
          />
          {t('bulk.basic.selected', { count: props.checkedCount })}
        </label>
      </fieldset>
      <fieldset className="bulk-fieldset">
        <legend>{t('bulk.basic.values')}</legend>
        {editable.map((field) => (
          <BasicValue
            key={field.id}
            db={props.db}
            field={field}
            locale={props.locale}
            value={value.values[field.id] ?? ''}
            onChange={(v) => onChange({ ...value, values: { ...value.values, [field.id]: v } })}
          />
        ))}
      </fieldset>
    </>
  );
}

function BasicValue(props: {
  db: number;
  field: FieldSpec;
  locale: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const items = useFieldItems(props.db, props.field);
  const check = basicValueError({ field: props.field, value: props.value }, props.locale);
  const message = check === null ? null : fieldCheckMessage(t, check, props.field.name);
  return (
    <div className="bulk-value" data-testid={`bulk-value-${props.field.id}`}>
      <label htmlFor={id}>{props.field.name}</label>
      <FieldInput
        id={id}
        spec={props.field}
        locale={props.locale}
        value={props.value}
        onChange={props.onChange}
        items={items}
        invalid={message !== null}
        describedBy={message ? `${id}-error` : undefined}
      />
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}
