// An administration screen only for the administrators it serves: nothing of it renders until the
// admin flags have arrived, and a user without the right is sent to /select, as /admin/full does
// (spec §2, §6). The server refuses the calls on its own too; this spares the user a screen of
// admin buttons followed by a 403 (issue 27, 12).
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NO_ADMIN_FLAGS, type AdminFlags } from '../../api/admin';
import { routes } from '../../app/paths';
import { Spinner } from '../../components/Spinner';
import { adminFlagsLoadableAtom } from '../../state/adminFlags';

export function RequireAdmin({
  allowed,
  children,
}: {
  allowed: (flags: AdminFlags) => boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useAtomValue(adminFlagsLoadableAtom);
  if (state.state === 'loading')
    return (
      <div className="page-loading">
        <Spinner label={t('app.loading')} />
      </div>
    );
  const flags = state.state === 'hasData' ? state.data : NO_ADMIN_FLAGS;
  if (!allowed(flags)) return <Navigate replace to={routes.select} />;
  return children;
}

/** The license manager: administrators of all databases (the header's rule). */
export const licenseManagers = (flags: AdminFlags): boolean => flags.isAdminAll;
/** The batch portal administration: user administrators (the header's rule). */
export const userAdministrators = (flags: AdminFlags): boolean => flags.isUserAdmin;
