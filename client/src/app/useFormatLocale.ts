// The locale numbers, dates and currencies are written in: follows the interface language.
import { useTranslation } from 'react-i18next';
import { formatLocale } from '../lib/locale';

export function useFormatLocale(): string {
  const { i18n } = useTranslation();
  return formatLocale(i18n.language);
}
