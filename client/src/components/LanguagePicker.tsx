// Language choice: each language is named in its own words; the choice is remembered.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, supportedLanguage, DEFAULT_LANGUAGE } from '../app/i18n';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <div className="language-picker">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) =>
          void changeLanguage(i18n, supportedLanguage(event.target.value) ?? DEFAULT_LANGUAGE)
        }
        data-testid="language-picker"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {i18n.getFixedT(code)('language.self')}
          </option>
        ))}
      </select>
    </div>
  );
}
