// The import wizard's step views (admin-spec §4): the package, the database (new or existing),
// the template tree, then the password, users, groups and security. Each is controlled by
// ImportWizard, which holds the state and moves between them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import type { ImportTemplateTree, ImportUser, PackageInfo } from '@gs/contract/admin/packages';
import { stripWizardDatabaseName } from '../adminRules';
import { branchState, toggleBranch, toggleChild } from './importWizardRules';

export function PackageStep({
  info,
  busy,
  error,
  onFile,
  onCreate,
  onExisting,
}: {
  info: PackageInfo | null;
  busy: boolean;
  error: string | null;
  onFile: (file: File) => void;
  onCreate: () => void;
  onExisting: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-step" data-testid="import-step-default">
      <label className="field">
        <span>{t('admin.import.package')}</span>
        <input
          type="file"
          accept=".gs"
          data-testid="import-file"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {error && (
        <p role="alert" className="import-error" data-testid="import-upload-error">
          {error}
        </p>
      )}
      {info && (
        <div className="import-package" data-testid="import-package">
          <p>
            {t('admin.import.packageInfo', {
              file: info.Filename,
              acronym: info.Acronym,
              source: info.SourceDatabase,
            })}
          </p>
          <p>
            {t('admin.import.packageCounts', {
              archives: info.Counts.Archives,
              documents: info.Counts.Documents,
              users: info.Counts.Users,
              groups: info.Counts.Groups,
            })}
          </p>
          <div className="import-actions">
            <button
              type="button"
              className="button button--primary"
              data-testid="import-create"
              onClick={onCreate}
            >
              {t('admin.import.createDatabase')}
            </button>
            <button type="button" className="button" data-testid="import-existing" onClick={onExisting}>
              {t('admin.import.existingDatabase')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export function CreateDatabaseStep({
  name,
  server,
  onName,
  onServer,
}: {
  name: string;
  server: string;
  onName: (name: string) => void;
  onServer: (server: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-step" data-testid="import-step-createDatabase">
      <label className="field">
        <span>{t('admin.import.databaseName')}</span>
        <input
          value={name}
          data-testid="import-database-name"
          onChange={(e) => onName(stripWizardDatabaseName(e.target.value))}
        />
      </label>
      <label className="field">
        <span>{t('admin.import.server')}</span>
        <input value={server} onChange={(e) => onServer(e.target.value)} />
      </label>
    </div>
  );
}

export function ExistingDatabaseStep({
  databases,
  value,
  onChange,
}: {
  databases: AdminDatabase[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-step" data-testid="import-step-existingDatabase">
      <label className="field">
        <span>{t('admin.import.database')}</span>
        <select
          value={value}
          data-testid="import-database"
          onChange={(e) => onChange(Number(e.target.value))}
        >
          <option value={0}>{t('admin.import.chooseDatabase')}</option>
          {databases.map((d) => (
            <option key={d.Id} value={d.Id}>
              {d.Name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function TemplateStep({
  tree,
  onChange,
}: {
  tree: ImportTemplateTree;
  onChange: (tree: ImportTemplateTree) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="import-tree" data-testid="import-step-template">
      {tree.Branches.map((b, i) => {
        const state = branchState(b);
        return (
          <li key={b.Parent} data-testid="import-branch" data-state={b.Installed ? 'installed' : state}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={!b.Installed && state === 'checked'}
                ref={(el) => {
                  if (el) el.indeterminate = !b.Installed && state === 'partial';
                }}
                disabled={b.Installed}
                aria-label={b.Parent}
                onChange={() => onChange(toggleBranch(tree, i))}
              />
              {b.Parent}
              {b.Installed && <em className="import-installed"> {t('admin.import.alreadyApplied')}</em>}
            </label>
            <ul>
              {b.Children.map((c) => (
                <li key={c.ID}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={!b.Installed && c.Checked}
                      disabled={b.Installed}
                      onChange={() => onChange(toggleChild(tree, i, c.ID))}
                    />
                    {c.Child}
                  </label>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

export function PasswordStep({
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-step" data-testid="import-step-password">
      <p>{t('admin.import.passwordHelp')}</p>
      <label className="field">
        <span>{t('admin.import.password')}</span>
        <input
          type="password"
          value={password}
          data-testid="import-password"
          onChange={(e) => onPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('admin.import.confirm')}</span>
        <input
          type="password"
          value={confirm}
          data-testid="import-confirm"
          onChange={(e) => onConfirm(e.target.value)}
        />
      </label>
      {confirm !== '' && password !== confirm && <p role="alert">{t('admin.import.mismatch')}</p>}
    </div>
  );
}

/** The users or groups to add, each with a box (all checked at first). */
export function PrincipalsStep({
  kind,
  list,
  chosen,
  onToggle,
  onCsv,
}: {
  kind: 'users' | 'groups';
  list: ImportUser[];
  chosen: ReadonlySet<string>;
  onToggle: (name: string) => void;
  onCsv?: (file: File) => void;
}) {
  const { t } = useTranslation();
  const csvId = useId();
  return (
    <div className="import-step" data-testid={`import-step-${kind}`}>
      {list.length === 0 && <p>{t(`admin.import.no_${kind}`)}</p>}
      <ul className="import-principals">
        {list.map((p) => (
          <li key={p.Name}>
            <label className="checkbox">
              <input type="checkbox" checked={chosen.has(p.Name)} onChange={() => onToggle(p.Name)} />
              {p.Name}
              {p.Email && <span className="import-email"> {p.Email}</span>}
            </label>
          </li>
        ))}
      </ul>
      {onCsv && (
        <label className="field" htmlFor={csvId}>
          <span>{t('admin.import.csv')}</span>
          <input
            id={csvId}
            type="file"
            accept=".csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onCsv(file);
            }}
          />
        </label>
      )}
    </div>
  );
}

/** Who gets what on which template (read only). */
export function SecurityStep({ principals }: { principals: ImportUser[] }) {
  const { t } = useTranslation();
  const secured = principals.filter((p) => p.SecurityList.length > 0);
  return (
    <div className="import-step" data-testid="import-step-security">
      {secured.length === 0 ? (
        <p>{t('admin.import.noSecurity')}</p>
      ) : (
        <table className="import-security">
          <thead>
            <tr>
              <th>{t('admin.import.principal')}</th>
              <th>{t('admin.import.templates')}</th>
            </tr>
          </thead>
          <tbody>
            {secured.map((p) => (
              <tr key={`${p.Type}:${p.Name}`}>
                <td>{p.Name}</td>
                <td>{p.SecurityList.map((s) => s.TemplateName).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
