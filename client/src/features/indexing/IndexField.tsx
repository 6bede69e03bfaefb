// One field of the indexing form: its label (with the required mark of Prop 2), its editor by kind
// (drop-down, dynamic list, type-ahead, number, date, masked text), several values for a
// multi-value field, and the check of spec §5 with the list's items; the server's refusal of the
// last save outranks it until the value changes. System fields are shown but filled by the server.
import { useEffect, useId, useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../components/fields/FieldInput';
import { fieldCheckMessage } from '../../components/fields/fieldCheckMessage';
import { useFieldItems } from '../../components/fields/useFieldItems';
import { isMultiValue, isRequired, type FieldSpec } from '../../lib/fieldSpec';
import { checkFieldValues, type ValueCheck } from '../../lib/fieldValidation';

export interface IndexFieldProps {
  db: number;
  spec: FieldSpec;
  locale: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** the dynamic list's parent values */
  parents: [string, string];
  /** false for system and table fields */
  editable: boolean;
  showErrors: boolean;
  /** the server's refusal of these values, if any */
  serverCheck?: ValueCheck;
  /** the field's current check, for the form's save */
  onCheck: (fieldId: number, check: ValueCheck) => void;
  /** lets the form move the focus to the field (its first value, the one its label names) */
  ref?: Ref<FieldFocus>;
}

export interface FieldFocus {
  focus: () => void;
}

export function IndexField(props: IndexFieldProps) {
  const { db, spec, locale, values, onChange, parents, editable, showErrors, serverCheck, onCheck, ref } =
    props;
  const { t } = useTranslation();
  const id = useId();
  useImperativeHandle(ref, () => ({ focus: () => document.getElementById(`${id}-0`)?.focus() }), [id]);
  const items = useFieldItems(db, spec, parents);
  const loaded = items?.status === 'success' ? items.data : undefined;
  const multi = isMultiValue(spec);
  const shown = values.length ? values : [''];
  const check = editable ? checkFieldValues(spec, shown, { locale, items: loaded }) : null;
  const effective = serverCheck ?? check;
  const message =
    effective && (showErrors || serverCheck) ? fieldCheckMessage(t, effective, spec.name) : null;
  const code = check?.code ?? 0;
  const reason = check?.reason;

  // reported by its parts, so that an unchanged check does not report again
  useEffect(() => onCheck(spec.id, { code, reason }), [spec.id, code, reason, onCheck]);

  const set = (index: number, value: string) => onChange(shown.map((v, i) => (i === index ? value : v)));
  const errorId = `${id}-error`;

  return (
    <div
      className={`index-field${message ? ' index-field--invalid' : ''}`}
      data-testid={`index-field-${spec.id}`}
    >
      <div className="index-field__head">
        <label htmlFor={`${id}-0`} className="index-field__label">
          {spec.name}
        </label>
        {isRequired(spec) && (
          <span className="index-field__required" aria-hidden="true" title={t('indexing.fields.required')}>
            *
          </span>
        )}
      </div>
      {editable ? (
        shown.map((value, index) => (
          <div key={index} className="index-field__row">
            <FieldInput
              id={`${id}-${index}`}
              spec={spec}
              locale={locale}
              value={value}
              onChange={(next) => set(index, next)}
              items={items}
              invalid={message !== null}
              describedBy={message ? errorId : undefined}
              label={index > 0 ? `${spec.name} ${index + 1}` : undefined}
            />
            {multi && shown.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={t('indexing.fields.removeValue', { index: index + 1, name: spec.name })}
                onClick={() => onChange(shown.filter((_, i) => i !== index))}
              >
                −
              </button>
            )}
          </div>
        ))
      ) : (
        <input id={`${id}-0`} className="input" disabled value="" placeholder={t('indexing.fields.system')} />
      )}
      {editable && multi && (
        <button type="button" className="button button--small" onClick={() => onChange([...shown, ''])}>
          {t('indexing.fields.addValue')}
        </button>
      )}
      {message && (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
