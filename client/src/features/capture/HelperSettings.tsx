// The Extensions section of the Settings page (spec §3 local settings: helper ports and SSL
// flag): the http and https ports of the tray helper and whether import/export and the scanner
// use https. Saved in localStorage on Save; blank ports follow config.json.
import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { effectiveHelperSettingsAtom, helperLocalSettingsAtom } from './helperSettings';
import './capture.css';

const validPort = (text: string) => /^\d+$/.test(text) && Number(text) > 0 && Number(text) < 65536;

export function HelperSettings() {
  const { t } = useTranslation();
  const [saved, save] = useAtom(helperLocalSettingsAtom);
  const effective = useAtomValue(effectiveHelperSettingsAtom);
  const [httpPort, setHttpPort] = useState(String(effective.httpPort));
  const [httpsPort, setHttpsPort] = useState(String(effective.httpsPort));
  const [ioSsl, setIoSsl] = useState(effective.ioSsl);
  const [scanSsl, setScanSsl] = useState(effective.scanSsl);
  const [done, setDone] = useState(false);
  const httpOk = validPort(httpPort);
  const httpsOk = validPort(httpsPort);

  return (
    <form
      className="capture-form"
      aria-labelledby="helper-settings-title"
      data-testid="helper-settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!httpOk || !httpsOk) return;
        save({ ...saved, httpPort: Number(httpPort), httpsPort: Number(httpsPort), ioSsl, scanSsl });
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
          onChange={(event) => {
            setHttpPort(event.target.value.trim());
            setDone(false);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="helper-https-port">{t('capture.settings.httpsPort')}</label>
        <input
          id="helper-https-port"
          inputMode="numeric"
          value={httpsPort}
          aria-invalid={!httpsOk}
          onChange={(event) => {
            setHttpsPort(event.target.value.trim());
            setDone(false);
          }}
        />
      </div>
      {(!httpOk || !httpsOk) && <p className="field-error">{t('capture.settings.badPort')}</p>}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={ioSsl}
          onChange={(event) => {
            setIoSsl(event.target.checked);
            setDone(false);
          }}
        />
        {t('capture.settings.ioSsl')}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={scanSsl}
          onChange={(event) => {
            setScanSsl(event.target.checked);
            setDone(false);
          }}
        />
        {t('capture.settings.scanSsl')}
      </label>
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
    </form>
  );
}
