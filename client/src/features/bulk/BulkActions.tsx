// The results toolbar's bulk buttons: Bulk update (document permission 1024, never a read-only
// licence) and the Export menu (spreadsheet with permission 64 and not read-only, zip and the export
// utility with permission 128). Bulk update first renews the licence and refuses revision-controlled
// archives; when it ran, the grid reloads and its check boxes clear.
import { lazy, Suspense, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ArchivePermission, hasFlag, LicenseType } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { getArchiveInfo } from '../../api/archives';
import { renewLicense } from '../../api/licenses';
import type { ResultsParams } from '../../app/resultsPaths';
import { WithTexts } from '../../app/WithTexts';
import { LazyModal } from '../../components/LazyModal';
import { Popover } from '../../components/Popover';
import type { FieldSpec } from '../../lib/fieldSpec';
import { httpAtom } from '../../state/environment';
import { renewSessionAtom, sessionAtom } from '../../state/session';
import type { ExportKind } from '../export/ExportModal';
import { requestResultsReloadAtom } from '../results/resultsReload';
import { checkedDocumentsAtom } from '../results/selection';
import './bulk.css';

// the modals load when opened, so the results screen does not carry them (issue 11's budget)
const BulkUpdateModal = lazy(() => import('./BulkUpdateModal').then((m) => ({ default: m.BulkUpdateModal })));
const ExportModal = lazy(() => import('../export/ExportModal').then((m) => ({ default: m.ExportModal })));

export interface BulkActionsProps {
  search: Search | null;
  params: ResultsParams;
  /** the result's permissions on the archive (the page's `Permissions`) */
  permissions: number;
  fields: FieldSpec[];
  locale: string;
  /** Modify Data (1024) on the result and not a read-only licence */
  canUpdate: boolean;
}

export function BulkActions({ search, params, permissions, fields, locale, canUpdate }: BulkActionsProps) {
  const { t, i18n } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const renew = useSetAtom(renewSessionAtom);
  const reload = useSetAtom(requestResultsReloadAtom);
  const checked = useAtomValue(checkedDocumentsAtom);
  const [open, setOpen] = useState<'update' | ExportKind | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const readOnly = session?.licenseType === LicenseType.ReadOnly;
  // the archive's permissions from the result, not each row's: a page holds up to 10,000 documents
  const perms = permissions;
  const exports: ExportKind[] = [
    ...(hasFlag(perms, ArchivePermission.ExportData) && !readOnly ? (['spreadsheet'] as const) : []),
    ...(hasFlag(perms, ArchivePermission.ExportDocuments) ? (['zip', 'utility'] as const) : []),
  ];
  if (!search) return null;
  const showUpdate = canUpdate && !readOnly;

  async function openUpdate() {
    setProblem(null);
    // the checks and their messages load with the first bulk update (decision 079)
    const messages = import('./bulkMessages');
    try {
      const { revisionArchiveError } = await import('./bulkValidation');
      if (session) renew(await renewLicense(http, session.token));
      const info = await getArchiveInfo(http, params.db, params.archive);
      const refused = revisionArchiveError(info.DBProperties ?? 0);
      if (refused) setProblem((await messages).translateKey(t, i18n, refused));
      else setOpen('update');
    } catch (error) {
      setProblem((await messages).bulkErrorText(t, i18n, error));
    }
  }

  const scope = {
    db: params.db,
    archive: params.archive,
    searchId: search.Id,
    hash: search.Hash || params.hash,
    criteria: params.criteria,
    checked: checked.filter((c) => c.archive === params.archive),
  };
  const exportLabel = {
    spreadsheet: t('export.spreadsheet'),
    zip: t('export.zip'),
    utility: t('export.utility.title'),
  };

  return (
    <>
      {showUpdate && (
        <button
          type="button"
          className="button button--small"
          data-testid="bulk-update"
          onClick={() => void openUpdate()}
        >
          {t('bulk.update.button')}
        </button>
      )}
      {exports.length > 0 && (
        <button
          type="button"
          className="button button--small"
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          data-testid="export-menu"
          onClick={(e) => setMenu(menu ? null : e.currentTarget)}
        >
          {t('export.button')}
        </button>
      )}
      {menu && (
        <Popover
          anchor={menu}
          onClose={() => setMenu(null)}
          label={t('export.button')}
          role="menu"
          className="column-menu"
        >
          {exports.map((kind) => (
            <button
              key={kind}
              type="button"
              role="menuitem"
              onClick={() => {
                setMenu(null);
                setOpen(kind);
              }}
            >
              {exportLabel[kind]}
            </button>
          ))}
        </Popover>
      )}
      {problem && (
        <LazyModal
          title={t('bulk.update.title')}
          onClose={() => setProblem(null)}
          size="small"
          testId="bulk-refused"
        >
          <p role="alert">{problem}</p>
        </LazyModal>
      )}
      <Suspense fallback={null}>
        {/* the dialogs' texts (the bulk part, decision 079) load with the first of them */}
        {open && (
          <WithTexts part="bulk">
            {open === 'update' ? (
              <BulkUpdateModal
                ctx={{ ...scope, searchId: search.Id, fields, locale, checked: scope.checked }}
                onClose={(updated) => {
                  setOpen(null);
                  if (updated) reload();
                }}
              />
            ) : (
              <ExportModal kind={open} scope={scope} fields={fields} onClose={() => setOpen(null)} />
            )}
          </WithTexts>
        )}
      </Suspense>
    </>
  );
}
