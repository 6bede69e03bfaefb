// A search's prompts (admin-spec §3, §5): a field, a condition (Contains by default) and the
// prompt text; IsEmpty and IsNotEmpty take no prompt, so it is cleared and hidden.
import { useTranslation } from 'react-i18next';
import { ADMIN_CONDITIONS, type AdminField, type AdminSearchParameter } from '@gs/contract/admin/catalog';
import { hasPrompt, newParameter, setCondition } from '../searchRules';
import { SelectInput } from '../AdminForm';

export interface SearchParametersProps {
  parameters: readonly AdminSearchParameter[];
  fields: readonly AdminField[];
  onChange: (parameters: AdminSearchParameter[]) => void;
}

export function SearchParameters({ parameters, fields, onChange }: SearchParametersProps) {
  const { t } = useTranslation();
  const replace = (index: number, next: AdminSearchParameter) =>
    onChange(parameters.map((p, i) => (i === index ? next : p)));
  const fieldOptions = [
    { value: 0, label: t('admin.searches.selectField') },
    ...fields.map((f) => ({ value: f.Id, label: f.Name })),
  ];
  return (
    <fieldset className="admin-fieldset">
      <legend>{t('admin.searches.parameters')}</legend>
      <ol className="admin-rows">
        {parameters.map((p, i) => (
          <li key={i} className="admin-row" data-testid="search-parameter">
            <SelectInput
              label={t('admin.searches.field')}
              value={p.Field}
              options={fieldOptions}
              onChange={(Field) =>
                replace(i, {
                  ...p,
                  Field,
                  Prompt: p.Prompt || (fields.find((f) => f.Id === Field)?.Name ?? ''),
                })
              }
            />
            <SelectInput
              label={t('admin.searches.condition')}
              value={p.Condition}
              options={ADMIN_CONDITIONS.map((c) => ({ value: c, label: t(`admin.conditions.${c}`) }))}
              onChange={(c) => replace(i, setCondition(p, c))}
            />
            {hasPrompt(p) && (
              <label className="field">
                <span>{t('admin.searches.prompt')}</span>
                <input value={p.Prompt} onChange={(e) => replace(i, { ...p, Prompt: e.target.value })} />
              </label>
            )}
            <button
              type="button"
              className="button"
              aria-label={t('admin.searches.removeParameter')}
              onClick={() => onChange(parameters.filter((_, j) => j !== i))}
            >
              −
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={() => onChange([...parameters, newParameter(0)])}>
        {t('admin.searches.addParameter')}
      </button>
    </fieldset>
  );
}
