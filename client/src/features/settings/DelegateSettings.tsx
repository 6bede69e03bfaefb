// The Delegate tab (end-user spec §3, §6): a user allowed to delegate turns delegation on and off,
// picks delegates among the other users and lists addresses to notify. A refusal shows the server's
// reason in the user's language (lib/serverTexts.ts) and leaves the form as the user filled it.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Delegation } from '@gs/contract/delegation';
import { getDelegation, saveDelegation } from '../../api/account';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { QueryFailure } from '../../components/QueryBoundary';

function DelegationForm({ initial }: { initial: Delegation }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const [active, setActive] = useState(initial.Active);
  const [delegates, setDelegates] = useState(() => new Set(initial.Delegates.map((d) => d.Delegate)));
  const [emails, setEmails] = useState(initial.Emails.join('\n'));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ saved: boolean; reason?: string } | null>(null);

  const toggle = (name: string, on: boolean) =>
    setDelegates((before) => {
      const next = new Set(before);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveDelegation(http, {
        Active: active,
        Delegates: [...delegates],
        Emails: emails.split(/\s+/u).filter((e) => e !== ''),
      });
      setActive(saved.Active);
      setNotice({ saved: true });
    } catch (error) {
      setNotice({ saved: false, reason: translateServerError(t, error) ?? undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} data-testid="delegation-form">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          data-testid="delegation-active"
        />
        {t('delegation.active')}
      </label>
      <fieldset className="stack">
        <legend>{t('delegation.delegates')}</legend>
        <p className="hint">{t('delegation.candidatesHint')}</p>
        {initial.Candidates.map((name) => (
          <label key={name} className="checkbox">
            <input
              type="checkbox"
              checked={delegates.has(name)}
              onChange={(e) => toggle(name, e.target.checked)}
            />
            {name}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('delegation.emails')}</span>
        <textarea rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} />
      </label>
      {notice && (
        <Alert tone={notice.saved ? 'success' : 'error'} testId="delegation-notice">
          {t(notice.saved ? 'delegation.saved' : 'delegation.saveError')}
          {notice.reason ? ` ${notice.reason}` : ''}
        </Alert>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('delegation.save')}
        </button>
      </div>
    </form>
  );
}

export function DelegateSettings() {
  const { t } = useTranslation();
  const [state] = useApiQuery('delegation', getDelegation);
  return (
    <>
      <h2 className="panel__subtitle">{t('delegation.title')}</h2>
      {state.status === 'loading' && <Spinner label={t('delegation.loading')} />}
      <QueryFailure state={state} error={t('delegation.error')} />
      {state.status === 'success' &&
        (state.data.Permissions ? (
          <DelegationForm initial={state.data} />
        ) : (
          <p data-testid="delegation-not-permitted">{t('delegation.notPermitted')}</p>
        ))}
    </>
  );
}
