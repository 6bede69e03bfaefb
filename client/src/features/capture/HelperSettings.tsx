// The Extensions section of the Settings page (spec §3 local settings: helper ports and SSL
// flag): the http and https ports of the tray helper and, for scanning and for the other
// features, whether to call it as this page is served (the default) or always over http or
// https. Saved in localStorage on Save; blank ports follow config.json. Below the form, the
// address each feature uses and why (HelperSchemes).
import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { HelperSchemes } from './HelperSchemes';
import { effectiveHelperSettingsAtom, helperLocalSettingsAtom } from './helperSettings';
import './capture.css';

const validPort = (text: string) => /^\d+$/.test(text) && Number(text) > 0 && Number(text) < 65536;

type SchemeChoice = 'page' | 'http' | 'https';
const choiceOf = (flag: boolean | undefined): SchemeChoice =>
  flag === undefined ? 'page' : flag ? 'https' : 'http';
const flagOf = (choice: SchemeChoice): boolean | undefined =>
  choice === 'page' ? undefined : choice === 'https';

function SchemeSelect({
  id,
  label,
  value,
  pageScheme,
  onChange,
}: {
  id: string;
  label: string;
  value: SchemeChoice;
  pageScheme: string;
  onChange: (value: SchemeChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as SchemeChoice)}>
        <option value="page">{t('capture.settings.scheme.page', { scheme: pageScheme })}</option>
        <option value="http">{t('capture.settings.scheme.http')}</option>
        <option value="https">{t('capture.settings.scheme.https')}</option>
      </select>
    </div>
  );
}

export function HelperSettings() {
  const { t } = useTranslation();
  const [saved, save] = useAtom(helperLocalSettingsAtom);
  const effective = useAtomValue(effectiveHelperSettingsAtom);
  const [httpPort, setHttpPort] = useState(String(effective.httpPort));
  const [httpsPort, setHttpsPort] = useState(String(effective.httpsPort));
  const [io, setIo] = useState(choiceOf(saved.ioSsl));
  const [scan, setScan] = useState(choiceOf(saved.scanSsl));
  const [done, setDone] = useState(false);
  const httpOk = validPort(httpPort);
  const httpsOk = validPort(httpsPort);
  const pageScheme = effective.pageSecure ? 'https' : 'http';
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDone(false);
    };

  return (
    <form
      className="capture-form"
      aria-labelledby="helper-settings-title"
      data-testid="helper-settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!httpOk || !httpsOk) return;
        save({
          httpPort: Number(httpPort),
          httpsPort: Number(httpsPort),
          ioSsl: flagOf(io),
          scanSsl: flagOf(scan),
        });
        setDone(true);
      }}
    >
      <h2 id="helper-settings-title" className="panel__subtitle">
        {t('capture.settings.title')}
      </h2>
      <div className="field">
        <label htmlFor="helper-http-port">{t('capture.settings.httpPort')}</label>
        <input
          id="helper-http-port"
          inputMode="numeric"
          value={httpPort}
          aria-invalid={!httpOk}
          onChange={(event) => edited(setHttpPort)(event.target.value.trim())}
        />
      </div>
      <div className="field">
        <label htmlFor="helper-https-port">{t('capture.settings.httpsPort')}</label>
        <input
          id="helper-https-port"
          inputMode="numeric"
          value={httpsPort}
          aria-invalid={!httpsOk}
          onChange={(event) => edited(setHttpsPort)(event.target.value.trim())}
        />
      </div>
      {(!httpOk || !httpsOk) && <p className="field-error">{t('capture.settings.badPort')}</p>}
      <SchemeSelect
        id="helper-scan-scheme"
        label={t('capture.settings.scanScheme')}
        value={scan}
        pageScheme={pageScheme}
        onChange={edited(setScan)}
      />
      <SchemeSelect
        id="helper-io-scheme"
        label={t('capture.settings.ioScheme')}
        value={io}
        pageScheme={pageScheme}
        onChange={edited(setIo)}
      />
      <div className="capture-actions">
        <button type="submit" className="button" disabled={!httpOk || !httpsOk}>
          {t('capture.settings.save')}
        </button>
        {done && (
          <span role="status" className="muted">
            {t('capture.settings.saved')}
          </span>
        )}
      </div>
      <HelperSchemes settings={effective} />
    </form>
  );
}
