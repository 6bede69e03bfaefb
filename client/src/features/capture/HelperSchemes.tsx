// Which address of the Extensions helper each feature uses (scanning; import, export and bulk
// update; launch and e-mail), over which scheme, and a sentence why: the page's scheme, or the
// user's choice in the settings (decision 011).
import { useTranslation } from 'react-i18next';
import {
  helperSslFor,
  helperUrlFor,
  type EffectiveHelperSettings,
  type HelperPurpose,
} from './helperSettings';

const FEATURES: readonly { feature: 'scan' | 'io' | 'launch'; purpose: HelperPurpose }[] = [
  { feature: 'scan', purpose: 'scan' },
  { feature: 'io', purpose: 'io' },
  { feature: 'launch', purpose: 'io' },
];

type Why = 'pageHttp' | 'pageHttps' | 'userHttp' | 'userHttpOnHttps' | 'userHttps';

export function schemeReason(settings: EffectiveHelperSettings, purpose: HelperPurpose): Why {
  const ssl = helperSslFor(settings, purpose);
  if (settings.source[purpose] === 'page') return ssl ? 'pageHttps' : 'pageHttp';
  if (ssl) return 'userHttps';
  return settings.pageSecure ? 'userHttpOnHttps' : 'userHttp';
}

export function HelperSchemes({ settings }: { settings: EffectiveHelperSettings }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="helper-schemes-title" data-testid="helper-schemes">
      <h3 id="helper-schemes-title" className="panel__subtitle">
        {t('capture.settings.inUse')}
      </h3>
      <dl className="details helper-schemes">
        {FEATURES.map(({ feature, purpose }) => (
          <div key={feature} data-testid={`helper-scheme-${feature}`}>
            <dt>{t(`capture.settings.feature.${feature}`)}</dt>
            <dd>
              <code>{helperUrlFor(settings, purpose)}</code>
              <br />
              <span className="muted">{t(`capture.settings.why.${schemeReason(settings, purpose)}`)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
