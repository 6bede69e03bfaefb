// DATABASE_IMPORT (admin-spec §4, §5; decision 032): the import wizard. Its step is in the
// address (?mode=DATABASE_IMPORT&step=); its answers live here until the import. Cancel asks and
// resets; the import runs on the server while the wizard follows its log and sends a keep-alive
// every 45 s; an error opens the log, success the success modal, whose Finish opens DATABASES with
// the catalogue, the tree's counts and the databases loaded again (no page reload; decision 064).
// The answers are one reducer's (importWizardState.ts); leaving the wizard aborts its requests.
import { useEffect, useReducer, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { routes } from '../../../app/paths';
import { httpAtom } from '../../../state/environment';
import { translateServerError } from '../../../lib/serverTexts';
import { followImport } from './followImport';
import { ImportHistoryModal } from './ImportHistoryModal';
import { ImportLogModal, ImportSuccessModal } from './ImportModals';
import { WizardNav } from './WizardNav';
import { isPackageName, nextStep, previousStep, stepFromQuery, type WizardStep } from './importWizardRules';
import {
  canGoOn,
  currentStep,
  hasUsers,
  importBody,
  initialWizardState,
  wizardReducer,
  withStep,
  type WizardEvent,
} from './importWizardState';
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

export default function ImportWizard() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const navigate = useNavigate();
  const invalidate = useSetAtom(invalidateAfterAtom);
  const [params, setParams] = useSearchParams();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const { pkg, answers, request, log } = state;
  // aborted when the wizard is left: a followed import stops, nothing is dispatched after
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  // a step of the address without the answers before it (a reload) starts again
  const requested = stepFromQuery(params.get('step'));
  const step = currentStep(pkg, requested);
  const users = hasUsers(pkg);
  const busy = request.status === 'busy';
  const error = request.status === 'failed' ? request.error : null;
  const tree = pkg.stage === 'templated' ? pkg.tree : null;

  const go = (next: WizardStep) => setParams((current) => withStep(current, next));

  const failureText = (e: unknown) => translateServerError(t, e) ?? t('admin.alert.failed');

  /** Runs a request of the wizard: busy meanwhile, its failure shown; nothing once the wizard is left. */
  const attempt = async (work: (signal: AbortSignal) => Promise<void>) => {
    const signal = leaving.current?.signal ?? AbortSignal.abort();
    dispatch({ type: 'requestStarted' });
    try {
      await work(signal);
      if (!signal.aborted) dispatch({ type: 'requestSucceeded' });
    } catch (e) {
      if (!signal.aborted) dispatch({ type: 'requestFailed', error: failureText(e) });
    }
  };

  const reset = () => {
    dispatch({ type: 'reset' });
    go('default');
  };

  const onFile = (file: File) => {
    if (!isPackageName(file.name)) {
      dispatch({ type: 'requestFailed', error: t('admin.import.notPackage', { name: file.name }) });
      return;
    }
    void attempt(async () => {
      try {
        dispatch({ type: 'packageUploaded', info: await uploadPackage(http, file) });
        // the address may already say which database step (admin-spec §2: step=create|existing)
        if (requested === 'existingDatabase') {
          dispatch({ type: 'databaseMode', creates: false });
          dispatch({ type: 'databasesLoaded', databases: await getAdminDatabases(http) });
        }
      } catch (e) {
        if (e instanceof UploadRefused && e.logId)
          dispatch({ type: 'logRead', log: await getImportLog(http, e.logId), shown: true });
        throw e;
      }
    });
  };

  const loadTree = (id: number) =>
    attempt(async () => {
      dispatch({ type: 'treeLoaded', tree: await getTemplateTree(http, id) });
      go('template');
    });

  const onNext = () => {
    if (step === 'createDatabase') return void loadTree(0);
    if (step === 'existingDatabase') return void loadTree(answers.databaseId);
    const next = nextStep(step, users);
    if (next === 'security')
      return void attempt(async () => {
        dispatch({ type: 'principalsLoaded', principals: await getPackageUsers(http) });
        go(next);
      });
    go(next);
  };

  const runImport = () => {
    const body = importBody(state);
    if (!body) return;
    void attempt(async (signal) => {
      const started = await startImport(http, body.DatabaseID, body);
      const current = await followImport(http, started.LogId, { signal });
      dispatch({ type: 'logRead', log: current, shown: current.Status !== 'Completed' });
    });
  };

  const finish = () => {
    // the new database is among the user's databases (admin invalidates them) and the counts
    invalidate('admin', 'documents');
    void navigate(`${routes.fullAdmin}?mode=DATABASES`);
  };

  const answer = (change: Extract<WizardEvent, { type: 'answered' }>['answers']) =>
    dispatch({ type: 'answered', answers: change });

  const view = () => {
    switch (step) {
      case 'default':
        return (
          <PackageStep
            info={pkg.stage === 'none' ? null : pkg.info}
            busy={busy}
            error={error}
            onFile={onFile}
            onCreate={() => {
              dispatch({ type: 'databaseMode', creates: true });
              go('createDatabase');
            }}
            onExisting={() => {
              dispatch({ type: 'databaseMode', creates: false });
              void attempt(async () => {
                dispatch({ type: 'databasesLoaded', databases: await getAdminDatabases(http) });
                go('existingDatabase');
              });
            }}
          />
        );
      case 'createDatabase':
        return (
          <CreateDatabaseStep
            name={answers.name}
            server={answers.server}
            onName={(name) => answer({ name })}
            onServer={(server) => answer({ server })}
          />
        );
      case 'existingDatabase':
        return (
          <ExistingDatabaseStep
            databases={state.databases}
            value={answers.databaseId}
            onChange={(databaseId) => answer({ databaseId })}
          />
        );
      case 'template':
        return (
          tree && (
            <TemplateStep tree={tree} onChange={(next) => dispatch({ type: 'treeChanged', tree: next })} />
          )
        );
      case 'password':
        return (
          <PasswordStep
            password={answers.password}
            confirm={answers.confirm}
            onPassword={(password) => answer({ password })}
            onConfirm={(confirm) => answer({ confirm })}
          />
        );
      case 'users':
        return (
          <PrincipalsStep
            kind="users"
            list={pkg.stage === 'templated' ? pkg.users : []}
            chosen={pkg.stage === 'templated' ? pkg.chosenUsers : new Set()}
            onToggle={(name) => dispatch({ type: 'userToggled', name })}
            onCsv={(file) =>
              void attempt(async () => {
                const added = (await uploadUserCsv(http, file)).filter((u) => !u.Exists);
                dispatch({ type: 'usersAdded', users: added });
              })
            }
          />
        );
      case 'groups':
        return (
          <PrincipalsStep
            kind="groups"
            list={tree?.GroupsToAdd ?? []}
            chosen={pkg.stage === 'templated' ? pkg.chosenGroups : new Set()}
            onToggle={(name) => dispatch({ type: 'groupToggled', name })}
          />
        );
      case 'security':
        return <SecurityStep principals={state.principals} />;
      case 'import':
        return (
          <div className="import-step" data-testid="import-step-import">
            <p>
              {t('admin.import.ready', {
                database: answers.createsDatabase ? answers.name : tree?.DatabaseName,
              })}
            </p>
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
          onClick={() => dispatch({ type: 'history', open: true })}
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
        showCancel={pkg.stage !== 'none' || step !== 'default'}
        busy={busy}
        canNext={canGoOn(step, state)}
        onBack={() => go(previousStep(step, users, answers.createsDatabase))}
        onNext={onNext}
        onCancel={reset}
      />
      {state.history && <ImportHistoryModal onClose={() => dispatch({ type: 'history', open: false })} />}
      {log && log.shown && (
        <ImportLogModal log={log.log} onClose={() => dispatch({ type: 'logShown', shown: false })} />
      )}
      {log && !log.shown && log.log.Status === 'Completed' && (
        <ImportSuccessModal
          log={log.log}
          onFinish={finish}
          onShowLog={() => dispatch({ type: 'logShown', shown: true })}
        />
      )}
    </section>
  );
}
