// The route table (spec §2). Signed-in screens sit behind RequireSession and share the header;
// feature pages load lazily, the administration, batch portal, settings, licence and capture screens
// with their texts (WithTexts, decision 079);
// anything unknown goes to /select.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';
import { LoginPage } from '../features/login/LoginPage';
import { KeepAlive } from '../features/session/KeepAlive';
import { RequireAdmin, licenseManagers, userAdministrators } from '../features/session/RequireAdmin';
import { RequireSession } from '../features/session/RequireSession';
import { SignedInLayout } from '../features/session/SignedInLayout';
import { routes } from './paths';
import { WithTexts } from './WithTexts';
import { RESULTS_ROUTE } from './resultsPaths';
import { VIEWER_ROUTE } from '../features/viewer/viewerParams';
import { INBOX_RESULTS_ROUTE } from '../features/inbox/inboxPaths';
import { TASK_RESULTS_ROUTE } from '../features/workflow/taskPaths';

const DirectPage = lazy(() =>
  import('../features/direct/DirectPage').then((m) => ({ default: m.DirectPage })),
);
const SelectDatabasePage = lazy(() =>
  import('../features/select/SelectDatabasePage').then((m) => ({ default: m.SelectDatabasePage })),
);
const ViewPage = lazy(() => import('../features/view/ViewPage').then((m) => ({ default: m.ViewPage })));
const ResultsPage = lazy(() =>
  import('../features/results/ResultsPage').then((m) => ({ default: m.ResultsPage })),
);
const InboxResultsPage = lazy(() =>
  import('../features/inbox/InboxResultsPage').then((m) => ({ default: m.InboxResultsPage })),
);
const TaskResultsPage = lazy(() =>
  import('../features/workflow/TaskResultsPage').then((m) => ({ default: m.TaskResultsPage })),
);
const FlowsPage = lazy(() =>
  import('../features/workflow/FlowsPage').then((m) => ({ default: m.FlowsPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);
const ViewerPage = lazy(() =>
  import('../features/viewer/ViewerPage').then((m) => ({ default: m.ViewerPage })),
);
const ScanPage = lazy(() => import('../features/capture/ScanPage').then((m) => ({ default: m.ScanPage })));
const ExtensionsPage = lazy(() =>
  import('../features/capture/ExtensionsPage').then((m) => ({ default: m.ExtensionsPage })),
);

const AdminConsolePage = lazy(() =>
  import('../features/admin/AdminConsolePage').then((m) => ({ default: m.AdminConsolePage })),
);

const SecurityPage = lazy(() =>
  import('../features/security/SecurityPage').then((m) => ({ default: m.SecurityPage })),
);

const AdminArchivesRedirect = lazy(() =>
  import('../features/admin/AdminArchivesRedirect').then((m) => ({ default: m.AdminArchivesRedirect })),
);

const LicenseManagerPage = lazy(() =>
  import('../features/licenses/LicenseManagerPage').then((m) => ({ default: m.LicenseManagerPage })),
);

const BatchSelectPage = lazy(() =>
  import('../features/batches/BatchSelectPage').then((m) => ({ default: m.BatchSelectPage })),
);
const BatchesPage = lazy(() =>
  import('../features/batches/BatchesPage').then((m) => ({ default: m.BatchesPage })),
);
const BatchAdminPage = lazy(() =>
  import('../features/batches/BatchAdminPage').then((m) => ({ default: m.BatchAdminPage })),
);

const PathsPage = lazy(() => import('../features/paths/PathsPage').then((m) => ({ default: m.PathsPage })));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading">
      <Spinner label={t('app.loading')} />
    </div>
  );
}

export function AppRoutes({ keepAliveMs }: { keepAliveMs?: number }) {
  return (
    <>
      <KeepAlive intervalMs={keepAliveMs} />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path={routes.login} element={<LoginPage />} />
          <Route path={routes.direct} element={<DirectPage />} />
          <Route element={<RequireSession />}>
            <Route path={VIEWER_ROUTE} element={<ViewerPage />} />
            <Route element={<SignedInLayout />}>
              <Route path={routes.select} element={<SelectDatabasePage />} />
              <Route path={routes.view} element={<ViewPage />} />
              <Route path={INBOX_RESULTS_ROUTE} element={<InboxResultsPage />} />
              <Route path={TASK_RESULTS_ROUTE} element={<TaskResultsPage />} />
              <Route path={RESULTS_ROUTE} element={<ResultsPage />} />
              <Route path={routes.flows} element={<FlowsPage />} />
              <Route
                path={routes.analytics}
                element={
                  <WithTexts part="admin">
                    <AnalyticsPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.settings}
                element={
                  <WithTexts part="settings">
                    <SettingsPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.path}
                element={
                  <WithTexts part="admin">
                    <PathsPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.scan}
                element={
                  <WithTexts part="settings">
                    <ScanPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.extensions}
                element={
                  <WithTexts part="settings">
                    <ExtensionsPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.fullAdmin}
                element={
                  <WithTexts part="admin">
                    <AdminConsolePage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.adminArchives}
                element={
                  <WithTexts part="admin">
                    <AdminArchivesRedirect />
                  </WithTexts>
                }
              />
              <Route
                path={routes.licenseManager}
                element={
                  <RequireAdmin allowed={licenseManagers}>
                    <WithTexts part="settings">
                      <LicenseManagerPage />
                    </WithTexts>
                  </RequireAdmin>
                }
              />
              <Route
                path={routes.userAdmin}
                element={
                  <WithTexts part="admin">
                    <SecurityPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.batchSelect}
                element={
                  <WithTexts part="indexing">
                    <BatchSelectPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.batches}
                element={
                  <WithTexts part="indexing">
                    <BatchesPage />
                  </WithTexts>
                }
              />
              <Route
                path={routes.batchAdmin}
                element={
                  <RequireAdmin allowed={userAdministrators}>
                    <WithTexts part="indexing">
                      <BatchAdminPage />
                    </WithTexts>
                  </RequireAdmin>
                }
              />
            </Route>
          </Route>
          <Route path="*" element={<Navigate replace to={routes.select} />} />
        </Routes>
      </Suspense>
    </>
  );
}
