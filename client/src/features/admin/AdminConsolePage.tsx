// /admin/full (admin-spec §1, §2): side navigation, the database picker for database modes, the
// mode's cards and editor, the floating add button and the alert status. Composes; the modes fetch.
import { useCallback, useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NO_ADMIN_FLAGS } from '../../api/admin';
import { positiveId, routes } from '../../app/paths';
import { Spinner } from '../../components/Spinner';
import { adminFlagsLoadableAtom } from '../../state/adminFlags';
import { AdminAlert } from './AdminAlert';
import { editingAtom, unsavedChangesAtom } from './adminAtoms';
import { AdminDatabasePicker } from './AdminDatabasePicker';
import { addButtonTarget, DATABASE_MODES, resolveMode, visibleModes, type AdminMode } from './adminModes';
import { AdminModeView } from './AdminModeView';
import { AdminNav } from './AdminNav';
import './admin.css';

export function AdminConsolePage() {
  const { t } = useTranslation();
  const flagsState = useAtomValue(adminFlagsLoadableAtom);
  const [params, setParams] = useSearchParams();
  const setEditing = useSetAtom(editingAtom);
  const setUnsaved = useSetAtom(unsavedChangesAtom);
  // an editor left open is closed when the console is left
  useEffect(
    () => () => {
      setEditing(null);
      setUnsaved(false);
    },
    [setEditing, setUnsaved],
  );
  const setParam = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const setDb = useCallback((db: number) => setParam({ db: String(db) }, true), [setParam]);
  const fallback = useCallback(() => setParam({ mode: 'DATABASES' }, true), [setParam]);

  if (flagsState.state === 'loading')
    return (
      <div className="page-loading">
        <Spinner label={t('app.loading')} />
      </div>
    );
  const flags = flagsState.state === 'hasData' ? flagsState.data : NO_ADMIN_FLAGS;
  const modes = visibleModes(flags);
  const mode = resolveMode(params.get('mode'), modes);
  if (mode === null) return <Navigate replace to={routes.select} />;
  const db = positiveId(params.get('db'));
  const target = addButtonTarget(mode);
  // only administrators of all databases create databases
  const add = target === 'database' && !flags.isAdminAll ? null : target;
  // a multi-database licence gates creating databases (admin-spec §6)
  const addRefused =
    add === 'database' && flags.multiDatabaseFeature <= 0 ? t('admin.databases.notLicensed') : undefined;

  return (
    <div className="admin-console" data-testid="admin-console">
      <AdminNav
        modes={modes}
        current={mode}
        onSelect={(next: AdminMode) => setParam({ mode: next, tab: null })}
      />
      <section className="admin-console__main" aria-labelledby="admin-mode-title">
        <header className="admin-console__header">
          <h1 id="admin-mode-title">{t(`admin.modes.${mode}`)}</h1>
          {DATABASE_MODES.has(mode) && <AdminDatabasePicker db={db} onChange={setDb} />}
          <AdminAlert />
        </header>
        <AdminModeView
          mode={mode}
          db={db}
          flags={flags}
          tab={params.get('tab')}
          onTab={(tab) => {
            setEditing(null);
            setParam({ tab });
          }}
          onFallback={fallback}
        />
      </section>
      {add && (
        <button
          type="button"
          className="admin-fab"
          data-testid="admin-add"
          aria-label={t(add === 'database' ? 'admin.databases.create' : 'admin.archives.create')}
          disabled={addRefused !== undefined}
          title={addRefused}
          onClick={() => setEditing('new')}
        >
          +
        </button>
      )}
    </div>
  );
}
