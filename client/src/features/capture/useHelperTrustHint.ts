// The sentence added to 'Unable to establish a connection to GlobalSearch Extensions…' wherever a
// feature calls the helper over https (decision 011): the browser may not trust the helper's
// certificate yet, and the GlobalSearch Extensions page (/gseconnect) walks the user through it.
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  effectiveHelperSettingsAtom,
  helperSslFor,
  type EffectiveHelperSettings,
  type HelperPurpose,
} from './helperSettings';

export function useHelperTrustHint(purpose: HelperPurpose): string | null {
  const { t } = useTranslation();
  return helperTrustHint(t, useAtomValue(effectiveHelperSettingsAtom), purpose);
}

/** The hint for these settings, for a caller that reads them when it calls the helper. */
export function helperTrustHint(
  t: TFunction,
  settings: EffectiveHelperSettings,
  purpose: HelperPurpose,
): string | null {
  return helperSslFor(settings, purpose) ? t('capture.extensions.certificateHintManager') : null;
}
