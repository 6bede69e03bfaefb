// The date and time formatting of lib/dateTime.ts bound to the formatting locale of the interface
// language, for components: `const dates = useDateFormat(); dates.dateTime(iso)`.
import { useMemo } from 'react';
import { formatDateAs, type DateInput, type DateStyle } from '../lib/dateTime';
import { useFormatLocale } from './useFormatLocale';

export interface DateFormat {
  locale: string;
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  time: (value: DateInput) => string;
  as: (value: DateInput, style: DateStyle) => string;
}

export function useDateFormat(): DateFormat {
  const locale = useFormatLocale();
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
