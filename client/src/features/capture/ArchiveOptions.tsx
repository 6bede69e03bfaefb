// The per-archive options popover of the archive tree (spec §2: import scan, import file, import
// data and documents) and the tree row as a drop target for files. Importing needs the archive's
// Add right (2) and a licence that is not read-only (type 4): for a read-only licence every item
// of the menu (each imports) is disabled with the toolbar's read-only tooltip (issue 27, 12);
// without the Add right it is refused with ERROR_FAILED_DUE_TO_PERMISSIONS. An imported or dropped file is uploaded with a progress bar
// and opens the indexing view; empty files are left out with ZERO_BYTE_FILE_REMOVED_MSG.
//
// Other features add items through `extraItems` (e.g. 'import data and documents'): an item's
// `render` is shown once it is chosen and closes itself through `close`.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { ArchivePermission, hasFlag, LicenseType } from '@gs/contract/flags';
import { serverReason } from '../../lib/serverTexts';
import type { UploadResult } from '../../api/upload';
import { lazyDialog } from '../../components/LazyModal';
import { Popover } from '../../components/Popover';
import { sessionAtom } from '../../state/session';
import { indexingPath } from '../indexing/indexingPath';
import { scanPath } from './captureTarget';
import type { Importing } from './ImportDialog';
import { useUploadFilesOnUse } from './useUploadFilesOnUse';
import './capture.css';

// the upload and its dialog load when files are imported (decision 079)
const ImportDialog = lazyDialog(() => import('./ImportDialog').then((m) => m.ImportDialog));

export interface ArchiveOptionContext {
  db: number;
  archive: Archive;
  /** call when the item's UI is done */
  close: () => void;
}

export interface ArchiveOptionItem {
  id: string;
  label: string;
  /** what shows once the item is chosen (typically a Modal) */
  render: (context: ArchiveOptionContext) => ReactNode;
}

/** Whether the signed-in user may import into this archive. */
export function canImportInto(archive: Archive, licenseType: number | null | undefined): boolean {
  return licenseType !== LicenseType.ReadOnly && hasFlag(archive.Permissions, ArchivePermission.Add);
}

export function ArchiveOptions({
  db,
  archive,
  extraItems = [],
}: {
  db: number;
  archive: Archive;
  extraItems?: readonly ArchiveOptionItem[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const licenseType = useAtomValue(sessionAtom)?.licenseType;
  const upload = useUploadFilesOnUse();
  const button = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const open = menuAnchor !== null;
  const setOpen = (value: boolean) => setMenuAnchor(value ? button.current : null);
  const [chosen, setChosen] = useState<ArchiveOptionItem | null>(null);
  const [importing, setImporting] = useState<Importing | null>(null);
  const allowed = canImportInto(archive, licenseType);
  const readOnly = licenseType === LicenseType.ReadOnly;
  // every item imports: disabled for a read-only licence, saying why
  const itemState = { disabled: readOnly, title: readOnly ? t('documents.rules.readOnly') : undefined };

  const openIndexing = useCallback(
    // the names the user knows the files by ride along: Cancel keeps the files under them
    (result: UploadResult) =>
      navigate(
        indexingPath({
          db,
          archive: archive.Id,
          importDocs: result.names,
          importNames: result.files.map((f) => f.originalName),
        }),
      ),
    [navigate, db, archive.Id],
  );

  const importFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      if (!allowed) {
        setImporting({ state: 'refused' });
        return;
      }
      setImporting({ state: 'uploading', fraction: 0 });
      try {
        const result = await upload(files, (p) => setImporting({ state: 'uploading', fraction: p.fraction }));
        // nothing to say: straight to indexing; else the user reads the notice first
        if (result.skipped.length === 0 && result.names.length > 0) {
          setImporting(null);
          openIndexing(result);
        } else setImporting({ state: 'done', result });
      } catch (error) {
        setImporting({ state: 'failed', detail: serverReason(error) });
      }
    },
    [allowed, upload, openIndexing],
  );

  useRowDrop(button, importFiles);

  const choose = (action: () => void) => {
    setOpen(false);
    if (!allowed) setImporting({ state: 'refused' });
    else action();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="archive-options__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('capture.archiveOptions.label', { name: archive.Name })}
        title={t('capture.archiveOptions.title')}
        data-testid={`archive-options-${archive.Id}`}
        onClick={() => setOpen(!open)}
      >
        …
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid={`archive-import-file-${archive.Id}`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void importFiles(files);
        }}
      />
      {menuAnchor && (
        <Popover
          anchor={menuAnchor}
          onClose={() => setOpen(false)}
          label={t('capture.archiveOptions.title')}
          role="menu"
        >
          <div className="archive-options__menu">
            <button
              type="button"
              role="menuitem"
              {...itemState}
              onClick={() => choose(() => navigate(scanPath({ kind: 'archive', db, archive: archive.Id })))}
            >
              {t('capture.archiveOptions.importScan')}
            </button>
            <button
              type="button"
              role="menuitem"
              {...itemState}
              onClick={() => choose(() => picker.current?.click())}
            >
              {t('capture.archiveOptions.importFile')}
            </button>
            {extraItems.map((item) => (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                {...itemState}
                onClick={() => {
                  setOpen(false);
                  setChosen(item);
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </Popover>
      )}
      {chosen && chosen.render({ db, archive, close: () => setChosen(null) })}
      {importing &&
        createPortal(
          <ImportDialog
            importing={importing}
            onClose={() => setImporting(null)}
            onContinue={() => {
              setImporting(null);
              if (importing.state === 'done') openIndexing(importing.result);
            }}
          />,
          document.body,
        )}
    </>
  );
}

/** Makes the tree row around `anchor` accept dropped files (highlighted while files hover it). */
function useRowDrop(
  anchor: React.RefObject<HTMLElement | null>,
  onFiles: (files: File[]) => void | Promise<void>,
): void {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  }, [onFiles]);
  useEffect(() => {
    const row = anchor.current?.closest<HTMLElement>('.tree__row') ?? anchor.current?.parentElement;
    if (!row) return;
    const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      row.classList.add('tree__row--drop');
    };
    const leave = () => row.classList.remove('tree__row--drop');
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      leave();
      void latest.current([...(event.dataTransfer?.files ?? [])]);
    };
    row.addEventListener('dragover', over);
    row.addEventListener('dragleave', leave);
    row.addEventListener('drop', drop);
    return () => {
      row.removeEventListener('dragover', over);
      row.removeEventListener('dragleave', leave);
      row.removeEventListener('drop', drop);
    };
  }, [anchor]);
}
