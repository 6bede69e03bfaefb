// /admin/security (admin-spec §1, §6; end-user spec §6): user security administration. Users and
// groups on the left with the forms that create them and the CSV import; the chosen one's
// password or members and rights on the right. Only user administrators (or administrators of
// all databases) get here; anyone else reads 'Account Not Authorized For User Management'.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { AccountType } from '@gs/contract/admin/security';
import { getPrincipals } from '../../api/userAdmin';
import { useApiQuery } from '../../api/useApiQuery';
import { Spinner } from '../../components/Spinner';
import { adminFlagsLoadableAtom } from '../../state/adminFlags';
import { AdminAlert } from '../admin/AdminAlert';
import { QueryBoundary } from '../../components/QueryBoundary';
import { CreateGroupForm, CreateUserForm, ImportUsersForm } from './PrincipalForms';
import { PrincipalDetails } from './PrincipalDetails';
import { principalRows, type PrincipalRow } from './securityRules';
import '../admin/admin.css';
import './security.css';

function PrincipalList({
  title,
  rows,
  selected,
  onSelect,
}: {
  title: string;
  rows: PrincipalRow[];
  selected: string | null;
  onSelect: (row: PrincipalRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={title} className="security-list">
      <h2>{title}</h2>
      <ul>
        {rows.map((r) => (
          <li key={r.name}>
            <button
              type="button"
              className="security-list__item"
              aria-current={selected === `${r.type}:${r.name}` ? 'true' : undefined}
              onClick={() => onSelect(r)}
            >
              {r.name}
              {!r.secured && <small> ({t('security.unsecured')})</small>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SecurityScreen() {
  const { t } = useTranslation();
  const [state, reload] = useApiQuery('security:principals', getPrincipals);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(lists) => {
        const rows = principalRows(lists);
        const users = rows.filter((r) => r.type !== AccountType.Group);
        const groups = rows.filter((r) => r.type === AccountType.Group);
        const current = rows.find((r) => `${r.type}:${r.name}` === selected);
        return (
          <div className="security-layout">
            <aside className="security-side">
              <PrincipalList
                title={t('security.users')}
                rows={users}
                selected={selected}
                onSelect={(r) => setSelected(`${r.type}:${r.name}`)}
              />
              <PrincipalList
                title={t('security.groups')}
                rows={groups}
                selected={selected}
                onSelect={(r) => setSelected(`${r.type}:${r.name}`)}
              />
              <CreateUserForm groups={groups} onDone={reload} />
              <CreateGroupForm onDone={reload} />
              <ImportUsersForm onDone={reload} />
            </aside>
            <section className="security-main">
              {current ? (
                <PrincipalDetails
                  key={selected}
                  principal={current}
                  users={users}
                  onChanged={reload}
                  onDeleted={() => (setSelected(null), reload())}
                />
              ) : (
                <p className="admin-hint">{t('security.noneSelected')}</p>
              )}
            </section>
          </div>
        );
      }}
    </QueryBoundary>
  );
}

export function SecurityPage() {
  const { t } = useTranslation();
  const flags = useAtomValue(adminFlagsLoadableAtom);
  if (flags.state === 'loading')
    return (
      <div className="page-loading">
        <Spinner label={t('app.loading')} />
      </div>
    );
  const allowed = flags.state === 'hasData' && (flags.data.isUserAdmin || flags.data.isAdminAll);
  return (
    <div className="security-page" data-testid="security-page">
      <header className="admin-console__header">
        <h1>{t('security.title')}</h1>
        <AdminAlert />
      </header>
      {allowed ? <SecurityScreen /> : <p role="alert">{t('security.denied')}</p>}
    </div>
  );
}
