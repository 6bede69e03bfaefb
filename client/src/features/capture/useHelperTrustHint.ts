// The sentence added to 'Unable to establish a connection to GlobalSearch Extensions…' wherever a
// feature calls the helper over https (decision 011): the browser may not trust the helper's
// certificate yet, and the GlobalSearch Extensions page (/gseconnect) walks the user through it.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { effectiveHelperSettingsAtom, helperSslFor, type HelperPurpose } from './helperSettings';

export function useHelperTrustHint(purpose: HelperPurpose): string | null {
  const { t } = useTranslation();
  const settings = useAtomValue(effectiveHelperSettingsAtom);
  return helperSslFor(settings, purpose) ? t('capture.extensions.certificateHintManager') : null;
}
