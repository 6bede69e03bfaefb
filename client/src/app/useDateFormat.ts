// The date and time formatting of lib/dateTime.ts bound to the interface language, for components:
// `const dates = useDateFormat(); dates.dateTime(iso)`. The locale is formatLocale's (the browser's
// region when it speaks the language). Not through app/useFormatLocale: lazy screens importing that
// split lib/locale.ts into a chunk of its own.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale, formatDateAs, type DateInput, type DateStyle } from '../lib/dateTime';

export interface DateFormat {
  locale: string;
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  time: (value: DateInput) => string;
  as: (value: DateInput, style: DateStyle) => string;
}

export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const locale = dateLocale(i18n.language);
  return useMemo(
    () => ({
      locale,
      date: (v) => formatDateAs(v, locale, 'date'),
      dateTime: (v) => formatDateAs(v, locale, 'dateTime'),
      time: (v) => formatDateAs(v, locale, 'time'),
      as: (v, style) => formatDateAs(v, locale, style),
    }),
    [locale],
  );
}
