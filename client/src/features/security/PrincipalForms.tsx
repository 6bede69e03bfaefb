// Creating users (licence 2 by default, optionally straight into a group) and groups, and the
// CSV import of users with the rows that were not added and why (admin-spec §5).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountType, DEFAULT_LICENSE, type UserImportReply } from '@gs/contract/admin/security';
import { createGroup, createUser, importUsers, setGroupMembers } from '../../api/userAdmin';
import { useAdminAction } from '../admin/useAdminAction';
import { translateServerMessage } from '../../lib/serverTexts';
import { CSV_EXAMPLE, type PrincipalRow } from './securityRules';

const LICENSES = [1, 2, 4] as const;

export function CreateUserForm({ groups, onDone }: { groups: PrincipalRow[]; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [license, setLicense] = useState<number>(DEFAULT_LICENSE);
  const [group, setGroup] = useState('');
  const submit = () =>
    void run(
      async (http) => {
        await createUser(http, {
          Name: name.trim(),
          Password: password,
          Email: email.trim(),
          License: license,
          Type: AccountType.User,
        });
        const chosen = groups.find((g) => g.name === group);
        if (chosen) await setGroupMembers(http, chosen.name, [...chosen.related, name.trim()]);
      },
      () => {
        setName('');
        setPassword('');
        setEmail('');
        onDone();
      },
    );
  return (
    <form
      className="security-form"
      aria-label={t('security.create.userTitle')}
      onSubmit={(e) => (e.preventDefault(), submit())}
    >
      <h2>{t('security.create.userTitle')}</h2>
      <label className="field">
        <span>{t('security.create.name')}</span>
        <input value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('security.create.password')}</span>
        <input
          type="password"
          value={password}
          autoComplete="new-password"
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('security.create.email')}</span>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('security.create.license')}</span>
        <select value={license} onChange={(e) => setLicense(Number(e.target.value))}>
          {LICENSES.map((l) => (
            <option key={l} value={l}>
              {t(`security.licenses.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('security.details.memberOf')}</span>
        <select value={group} onChange={(e) => setGroup(e.target.value)}>
          <option value="">—</option>
          {groups.map((g) => (
            <option key={g.name} value={g.name}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={!name.trim() || !password}>
        {t('security.create.addUser')}
      </button>
    </form>
  );
}

export function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [name, setName] = useState('');
  return (
    <form
      className="security-form"
      aria-label={t('security.create.groupTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          (http) => createGroup(http, { Name: name.trim(), Users: [] }),
          () => (setName(''), onDone()),
        );
      }}
    >
      <h2>{t('security.create.groupTitle')}</h2>
      <label className="field">
        <span>{t('security.create.name')}</span>
        <input value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={!name.trim()}>
        {t('security.create.addGroup')}
      </button>
    </form>
  );
}

export function ImportUsersForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [csv, setCsv] = useState('');
  const [reply, setReply] = useState<UserImportReply | null>(null);
  return (
    <form
      className="security-form"
      aria-label={t('security.import.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async (http) => setReply(await importUsers(http, csv)), onDone);
      }}
    >
      <h2>{t('security.import.title')}</h2>
      <p className="admin-hint">{t('security.import.hint', { example: CSV_EXAMPLE })}</p>
      <label className="field">
        <span>{t('security.import.file')}</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
        />
      </label>
      <label className="field">
        <span>{t('security.import.text')}</span>
        <textarea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={!csv.trim()}>
        {t('security.import.run')}
      </button>
      {reply && (
        <div data-testid="security-import-result">
          <p>
            {reply.Added.length
              ? t('security.import.added', { names: reply.Added.join(', ') })
              : t('security.import.addedNone')}
          </p>
          {reply.NotAdded.length > 0 && (
            <>
              <h3>{t('security.import.notAdded')}</h3>
              <ul>
                {reply.NotAdded.map((n, i) => (
                  <li key={i}>{translateServerMessage(t, n.Message)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </form>
  );
}
