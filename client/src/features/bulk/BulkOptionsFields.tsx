// The options every CSV job shares (spec §3 option object): OverwriteSystem (system fields may be
// mapped and written) and UseString (values written as given, without conversion to the type).
import { useTranslation } from 'react-i18next';

export interface BulkOptionValues {
  overwriteSystem: boolean;
  useString: boolean;
}

export function BulkOptionsFields({
  value,
  onChange,
}: {
  value: BulkOptionValues;
  onChange: (value: BulkOptionValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="bulk-fieldset">
      <legend>{t('bulk.options.title')}</legend>
      <label>
        <input
          type="checkbox"
          checked={value.overwriteSystem}
          onChange={(e) => onChange({ ...value, overwriteSystem: e.target.checked })}
        />
        {t('bulk.options.overwriteSystem')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={value.useString}
          onChange={(e) => onChange({ ...value, useString: e.target.checked })}
        />
        {t('bulk.options.useString')}
      </label>
    </fieldset>
  );
}
