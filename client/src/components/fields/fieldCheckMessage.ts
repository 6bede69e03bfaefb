// The words for a failed field check (spec §5, §8): the translation key of codes -1 to -5, and for
// -6 either the client's own reason or the server's text (through lib/serverTexts: translated when
// known, else labelled).
import type { TFunction } from 'i18next';
import { FIELD_CHECK_MESSAGE_KEYS, FieldCheckCode } from '@gs/contract/fieldChecks';
import type { ValueCheck } from '../../lib/fieldValidation';
import { translateServerMessage } from '../../lib/serverTexts';

type SpecKey =
  'INVALID_INT_OR_DEC' | 'INVALID_DT' | 'FIELD_LENGTH_OVER' | 'FIELD_NOT_FOUND' | 'REQUIRED_FIELD';

export function fieldCheckMessage(t: TFunction, check: ValueCheck, fieldName: string): string | null {
  if (check.code === FieldCheckCode.Valid) return null;
  const key = FIELD_CHECK_MESSAGE_KEYS[check.code] as SpecKey | undefined;
  if (key) return t(key);
  if (check.text) return translateServerMessage(t, check.text);
  switch (check.reason) {
    case 'mask':
      return t('fields.check.mask', { name: fieldName });
    case 'notInList':
      return t('fields.check.notInList', { name: fieldName });
    default:
      return t('fields.check.format', { name: fieldName });
  }
}
