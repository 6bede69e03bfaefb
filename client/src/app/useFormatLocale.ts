// The locale numbers, dates and currencies are written in: follows the interface language, and
// carries the archives' currency (config.json) so a "C" amount keeps it in every language.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatLocale, withCurrency } from '../lib/locale';
import { configAtom } from '../state/environment';

export function useFormatLocale(): string {
  const { i18n } = useTranslation();
  const { currency } = useAtomValue(configAtom);
  return withCurrency(formatLocale(i18n.language), currency);
}
