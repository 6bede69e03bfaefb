// DATABASE_IMPORT (admin-spec §4, §5; decision 032): the import wizard. Its step is in the
// address (?mode=DATABASE_IMPORT&step=); its answers live here until the import. Cancel asks and
// resets; the import runs on the server while the wizard follows its log and sends a keep-alive
// every 45 s; an error opens the log, success the success modal, whose Finish opens DATABASES with
// the catalogue, the tree's counts and the databases loaded again (no page reload; decision 064).
import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import {
  type ImportLog,
  type ImportTemplateTree,
  type ImportUser,
  type PackageInfo,
} from '@gs/contract/admin/packages';
import { getAdminDatabases } from '../../../api/adminCatalog';
import {
  getImportLog,
  getPackageUsers,
  getTemplateTree,
  startImport,
  uploadPackage,
  uploadUserCsv,
  UploadRefused,
} from '../../../api/adminPackages';
import { invalidateAfterAtom } from '../../../api/queryClient';
import { databasesAtom } from '../../../state/database';
import { routes } from '../../../app/paths';
import { httpAtom } from '../../../state/environment';
import { translateServerError } from '../../../lib/serverTexts';
import { followImport } from './followImport';
import { ImportHistoryModal } from './ImportHistoryModal';
import { ImportLogModal, ImportSuccessModal } from './ImportModals';
import { WizardNav } from './WizardNav';
import {
  hasChecked,
  isPackageName,
  nextStep,
  previousStep,
  stepFromQuery,
  stepToQuery,
  type WizardStep,
} from './importWizardRules';
import {
  CreateDatabaseStep,
  ExistingDatabaseStep,
  PackageStep,
  PasswordStep,
  PrincipalsStep,
  SecurityStep,
  TemplateStep,
} from './WizardSteps';
import './importWizard.css';

const toggled = (set: ReadonlySet<string>, name: string): Set<string> => {
  const next = new Set(set);
  if (next.has(name)) next.delete(name);
  else next.add(name);
  return next;
};

export default function ImportWizard() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const navigate = useNavigate();
  const invalidate = useSetAtom(invalidateAfterAtom);
  const refreshDatabases = useSetAtom(databasesAtom);
  const [params, setParams] = useSearchParams();
  const [info, setInfo] = useState<PackageInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createsDatabase, setCreates] = useState(true);
  const [name, setName] = useState('');
  const [server, setServer] = useState('(local)');
  const [databases, setDatabases] = useState<AdminDatabase[]>([]);
  const [databaseId, setDatabaseId] = useState(0);
  const [tree, setTree] = useState<ImportTemplateTree | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [users, setUsers] = useState<ImportUser[]>([]);
  const [chosenUsers, setChosenUsers] = useState<Set<string>>(new Set());
  const [chosenGroups, setChosenGroups] = useState<Set<string>>(new Set());
  const [principals, setPrincipals] = useState<ImportUser[]>([]);
  const [log, setLog] = useState<ImportLog | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [history, setHistory] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // a step of the address without the answers before it (a reload) starts again
  const requested = stepFromQuery(params.get('step'));
  const step: WizardStep =
    info === null
      ? 'default'
      : tree === null && !['createDatabase', 'existingDatabase'].includes(requested)
        ? 'default'
        : requested;
  const hasUsers = (tree?.UsersToAdd.length ?? 0) > 0;

  const go = (next: WizardStep) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (next === 'default') p.delete('step');
      else p.set('step', stepToQuery(next));
      return p;
    });

  const fail = (e: unknown) => setError(translateServerError(t, e) ?? t('admin.alert.failed'));

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      fail(e);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const reset = () => {
    setInfo(null);
    setTree(null);
    setName('');
    setDatabaseId(0);
    setPassword('');
    setConfirm('');
    setUsers([]);
    setChosenUsers(new Set());
    setChosenGroups(new Set());
    setLog(null);
    setShowLog(false);
    setError(null);
    go('default');
  };

  const onFile = (file: File) => {
    if (!isPackageName(file.name)) {
      setError(t('admin.import.notPackage', { name: file.name }));
      return;
    }
    void attempt(async () => {
      try {
        setInfo(await uploadPackage(http, file));
        // the address may already say which database step (admin-spec §2: step=create|existing)
        if (requested === 'existingDatabase') {
          setCreates(false);
          setDatabases(await getAdminDatabases(http));
        }
      } catch (e) {
        if (e instanceof UploadRefused && e.logId) {
          setLog(await getImportLog(http, e.logId));
          setShowLog(true);
        }
        throw e;
      }
    });
  };

  const loadTree = (id: number) =>
    attempt(async () => {
      const loaded = await getTemplateTree(http, id);
      setTree(loaded);
      setUsers(loaded.UsersToAdd);
      setChosenUsers(new Set(loaded.UsersToAdd.map((u) => u.Name)));
      setChosenGroups(new Set(loaded.GroupsToAdd.map((g) => g.Name)));
      go('template');
    });

  const canNext = (): boolean => {
    switch (step) {
      case 'createDatabase':
        return name !== '';
      case 'existingDatabase':
        return databaseId > 0;
      case 'template':
        return tree !== null && hasChecked(tree);
      case 'password':
        return password !== '' && password === confirm;
      default:
        return true;
    }
  };

  const onNext = () => {
    if (step === 'createDatabase') return void loadTree(0);
    if (step === 'existingDatabase') return void loadTree(databaseId);
    const next = nextStep(step, hasUsers);
    if (next === 'security')
      return void attempt(async () => {
        setPrincipals(await getPackageUsers(http));
        go(next);
      });
    go(next);
  };

  const runImport = () => {
    if (!tree) return;
    const body: ImportTemplateTree = {
      ...tree,
      DatabaseName: createsDatabase ? name : tree.DatabaseName,
      DatabaseID: createsDatabase ? 0 : databaseId,
      SQLServerName: server,
      Password: password,
      UsersToAdd: users.filter((u) => chosenUsers.has(u.Name)),
      GroupsToAdd: tree.GroupsToAdd.filter((g) => chosenGroups.has(g.Name)),
    };
    void attempt(async () => {
      const started = await startImport(http, body.DatabaseID, body);
      const current = await followImport(http, started.LogId, { alive: () => alive.current });
      setLog(current);
      setShowLog(current.Status !== 'Completed');
    });
  };

  const finish = () => {
    invalidate('admin', 'documents');
    refreshDatabases();
    void navigate(`${routes.fullAdmin}?mode=DATABASES`);
  };

  const view = () => {
    switch (step) {
      case 'default':
        return (
          <PackageStep
            info={info}
            busy={busy}
            error={error}
            onFile={onFile}
            onCreate={() => {
              setCreates(true);
              go('createDatabase');
            }}
            onExisting={() => {
              setCreates(false);
              void attempt(async () => {
                setDatabases(await getAdminDatabases(http));
                go('existingDatabase');
              });
            }}
          />
        );
      case 'createDatabase':
        return <CreateDatabaseStep name={name} server={server} onName={setName} onServer={setServer} />;
      case 'existingDatabase':
        return <ExistingDatabaseStep databases={databases} value={databaseId} onChange={setDatabaseId} />;
      case 'template':
        return tree && <TemplateStep tree={tree} onChange={setTree} />;
      case 'password':
        return (
          <PasswordStep
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
        );
      case 'users':
        return (
          <PrincipalsStep
            kind="users"
            list={users}
            chosen={chosenUsers}
            onToggle={(n) => setChosenUsers((s) => toggled(s, n))}
            onCsv={(file) =>
              void attempt(async () => {
                const added = (await uploadUserCsv(http, file)).filter((u) => !u.Exists);
                setUsers((list) => [...list.filter((u) => !added.some((a) => a.Name === u.Name)), ...added]);
                setChosenUsers((s) => new Set([...s, ...added.map((u) => u.Name)]));
              })
            }
          />
        );
      case 'groups':
        return (
          <PrincipalsStep
            kind="groups"
            list={tree?.GroupsToAdd ?? []}
            chosen={chosenGroups}
            onToggle={(n) => setChosenGroups((s) => toggled(s, n))}
          />
        );
      case 'security':
        return <SecurityStep principals={principals} />;
      case 'import':
        return (
          <div className="import-step" data-testid="import-step-import">
            <p>{t('admin.import.ready', { database: createsDatabase ? name : tree?.DatabaseName })}</p>
            <button
              type="button"
              className="button button--primary"
              data-testid="import-run"
              disabled={busy}
              onClick={runImport}
            >
              {busy ? t('admin.import.running') : t('admin.import.run')}
            </button>
          </div>
        );
    }
  };

  return (
    <section className="import-wizard" data-testid="import-wizard" data-step={step}>
      <header className="import-wizard__header">
        <h2>{t(`admin.import.steps.${step}`)}</h2>
        <button
          type="button"
          className="button"
          data-testid="import-history-open"
          onClick={() => setHistory(true)}
        >
          {t('admin.import.history')}
        </button>
      </header>
      {step !== 'default' && error && (
        <p role="alert" className="import-error" data-testid="import-error">
          {error}
        </p>
      )}
      {view()}
      <WizardNav
        showBack={step !== 'default'}
        showNext={step !== 'default' && step !== 'import'}
        showCancel={info !== null || step !== 'default'}
        busy={busy}
        canNext={canNext()}
        onBack={() => go(previousStep(step, hasUsers, createsDatabase))}
        onNext={onNext}
        onCancel={reset}
      />
      {history && <ImportHistoryModal onClose={() => setHistory(false)} />}
      {log && showLog && <ImportLogModal log={log} onClose={() => setShowLog(false)} />}
      {log && !showLog && log.Status === 'Completed' && (
        <ImportSuccessModal log={log} onFinish={finish} onShowLog={() => setShowLog(true)} />
      )}
    </section>
  );
}
