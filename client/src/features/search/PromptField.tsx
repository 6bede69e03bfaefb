// One prompt of the search modal: its label (the admin's prompt text), its editor, several values
// for a multi-value field, and the check's message.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchPrompt } from '@gs/contract/searches';
import { FieldInput } from '../../components/fields/FieldInput';
import { fieldCheckMessage } from '../../components/fields/fieldCheckMessage';
import { useFieldItems } from '../../components/fields/useFieldItems';
import { isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { checkPromptValue } from './promptCriteria';

export interface PromptFieldProps {
  db: number;
  prompt: SearchPrompt;
  spec: FieldSpec;
  locale: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** the dynamic list's parent values */
  parents: [string, string];
  showErrors: boolean;
}

export function PromptField({
  db,
  prompt,
  spec,
  locale,
  values,
  onChange,
  parents,
  showErrors,
}: PromptFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const items = useFieldItems(db, spec, parents);
  const label = prompt.Prompt || prompt.Name;
  const multi = isMultiValue(spec);
  const shown = values.length ? values : [''];
  const set = (index: number, value: string) => onChange(shown.map((v, i) => (i === index ? value : v)));

  return (
    <div className="prompt-field" data-testid={`prompt-${prompt.ID}`}>
      <label htmlFor={`${id}-0`} className="prompt-field__label">
        {label}
      </label>
      {shown.map((value, index) => {
        const check = checkPromptValue(prompt, spec, value, locale);
        const message = showErrors ? fieldCheckMessage(t, check, label) : null;
        return (
          <div key={index} className="prompt-field__row">
            <FieldInput
              id={`${id}-${index}`}
              spec={spec}
              locale={locale}
              value={value}
              onChange={(next) => set(index, next)}
              items={items}
              invalid={message !== null}
              describedBy={message ? `${id}-${index}-error` : undefined}
              label={index > 0 ? `${label} ${index + 1}` : undefined}
              allowWildcard
            />
            {multi && shown.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={t('search.prompt.removeValue', { name: label })}
                onClick={() => onChange(shown.filter((_, i) => i !== index))}
              >
                −
              </button>
            )}
            {message && (
              <p id={`${id}-${index}-error`} className="field-error" role="alert">
                {message}
              </p>
            )}
          </div>
        );
      })}
      {multi && (
        <button type="button" className="button button--small" onClick={() => onChange([...shown, ''])}>
          {t('search.prompt.addValue')}
        </button>
      )}
    </div>
  );
}
