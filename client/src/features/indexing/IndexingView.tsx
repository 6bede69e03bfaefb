// The indexing view (#/view with ImportDoc or an inbox file, spec §2): the captured document's pages
// on one side, the target archive's fields on the other. Save checks every value as the grid does
// (spec §5), has the server check them (`POST indexes`), then imports the files with the values
// (`POST dbs/{db}/archives/{a}`; from an inbox with useViewerCache) and goes back to the archive's
// search screen or the inbox. Selected pages can be burst into a new document (bursting.ts): the
// burst address (RequestedPages) makes the new file on arrival and indexes it. Cancel keeps unsaved
// scans and uploads in an inbox after asking (useCancelIndexing.tsx). The screen's state is one
// reducer's (indexingState.ts).
import { useCallback, useMemo, useReducer, useRef, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LicenseType } from '@gs/contract/flags';
import { viewPath } from '../../app/paths';
import { useFormatLocale } from '../../app/useFormatLocale';
import { getArchiveFields, getArchiveInfo } from '../../api/archives';
import { invalidateAfterAtom, queryKeys } from '../../api/queryClient';
import { useCachedQuery } from '../../api/useApiQuery';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { dynamicParents, fieldSpecOf } from '../../lib/fieldSpec';
import type { ValueCheck } from '../../lib/fieldValidation';
import { translateServerMessage } from '../../lib/serverTexts';
import { captureHttpAtom, httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { batchReturnPath, closesBatchWindow } from '../batches/batchSave';
import { ArrivalBurst } from './ArrivalBurst';
import { BurstModal } from './BurstModal';
import { burstStartError } from './bursting';
import { IndexField, type FieldFocus } from './IndexField';
import { getPageCount, pageImageUrl, type SourceFile } from './indexingApi';
import { indexingPath, type IndexingTarget } from './indexingPath';
import { importFailure } from './importErrors';
import { isEditable, saveIndexing } from './indexingSave';
import { firstInvalidField, indexingReducer, initialIndexingState } from './indexingState';
import { inboxResultsPath, INDEXING_NOTICE_STATE, sourceFilesOf } from './indexingTargets';
import { titleOf } from '../capture/fileTitle';
import { PagePanel } from './PagePanel';
import { useKeyFree } from './keyfree/useKeyFree';
import { useCancelIndexing } from './useCancelIndexing';
import './indexing.css';
import { QueryFailure } from '../../components/QueryBoundary';

export function IndexingView({ target }: { target: IndexingTarget }) {
  if (target.requestedPages?.length) return <ArrivalBurst target={target} />;
  return <IndexingScreen target={target} />;
}

function IndexingScreen({ target }: { target: IndexingTarget }) {
  const { t } = useTranslation();
  const { db, archive } = target;
  const http = useAtomValue(httpAtom);
  const captureHttp = useAtomValue(captureHttpAtom);
  const session = useAtomValue(sessionAtom);
  const locale = useFormatLocale();
  const navigate = useNavigate();
  const addNote = useSetAtom(addNoteAtom);
  const invalidate = useSetAtom(invalidateAfterAtom);
  const files = useMemo(() => sourceFilesOf(target), [target]);

  const [info] = useCachedQuery(queryKeys.archiveInfo(db, archive), (h) => getArchiveInfo(h, db, archive));
  const [fields, reloadFields] = useApiQuery(`indexing-fields:${db}:${archive}`, (h) =>
    getArchiveFields(h, db, archive),
  );
  const [state, dispatch] = useReducer(indexingReducer, initialIndexingState);
  const { fileIndex, page, selected, values, server, showErrors, saving, notice, bursting } = state;
  const file: SourceFile | undefined = files[fileIndex];
  const [pages, reloadPages] = useApiQuery(file ? `pages:${file.inboxId ?? 0}:${file.name}` : null, (h) =>
    getPageCount(h, file ?? { name: '' }),
  );
  const form = useRef<HTMLFormElement>(null);
  // each field's focus, by field id (a save with values to correct moves to the first)
  const fieldFocus = useRef(new Map<number, FieldFocus>());
  const onCheck = useCallback(
    (id: number, check: ValueCheck) => dispatch({ type: 'fieldChecked', id, check }),
    [],
  );
  const setNotice = (notice: { text: string; detail?: string | null } | null) =>
    dispatch({ type: 'notice', notice });

  const specs = useMemo(() => (fields.status === 'success' ? fields.data.map(fieldSpecOf) : []), [fields]);
  const archiveName = info.status === 'success' ? info.data.Name : '';
  const folderOptions = info.status === 'success' ? Number(info.data.FolderOptions) || 0 : 0;
  const readOnly = session?.licenseType === LicenseType.ReadOnly;
  const pageCount = pages.status === 'success' ? pages.data : 0;
  const valueOf = (id: number): string => (id ? (values[id]?.[0] ?? '') : '');

  const leave = (message: string | null) => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (target.fromIndexer && idx > 0) {
      void navigate(-1);
      return;
    }
    const state = message ? { [INDEXING_NOTICE_STATE]: message } : undefined;
    const back =
      batchReturnPath(target) ??
      (target.inbox ? inboxResultsPath(db, target.inbox.id) : viewPath(db, archive));
    void navigate(back, { state });
  };
  const cancel = useCancelIndexing(target, leave);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (readOnly) {
      setNotice({ text: t('indexing.save.readOnly') });
      return;
    }
    const invalid = firstInvalidField(specs, state.checks);
    if (invalid) {
      dispatch({ type: 'invalid', notice: { text: t('indexing.save.invalid') } });
      fieldFocus.current.get(invalid.id)?.focus();
      return;
    }
    dispatch({ type: 'saveStarted' });
    try {
      const outcome = await saveIndexing({ http, captureHttp, target, specs, values, locale });
      if ('refused' in outcome) {
        dispatch({ type: 'invalid', notice: { text: t('indexing.save.invalid') }, server: outcome.refused });
        return;
      }
      const count = outcome.saved;
      // the archive holds more documents now and the inbox fewer files: counts and lists load again
      invalidate('inbox', 'documents');
      const text =
        count > 1
          ? t('indexing.save.successMany', { count, archive: archiveName })
          : t('indexing.save.success', { archive: archiveName });
      addNote({ type: NoteType.Success, text });
      leave(text);
    } catch (error) {
      const failure = importFailure(error);
      if (target.batch && closesBatchWindow(failure)) {
        addNote({ type: NoteType.Error, text: t('ERROR_FILE_UPLOAD_FAILED') });
        leave(null);
        return;
      }
      if (failure.kind === 'message') setNotice({ text: t(failure.key), detail: failure.detail });
    } finally {
      dispatch({ type: 'saveEnded' });
    }
  };

  const keyFree = useKeyFree({
    db,
    file,
    page: Math.min(page, Math.max(pageCount, 1)),
    fields: specs.filter(isEditable),
    values,
    setField: (id, next) => dispatch({ type: 'fieldChanged', id, values: next }),
    form,
    locale,
  });

  const startBurst = () => {
    const refused = burstStartError({ fileNames: files.map((f) => f.name), selected: [...selected] });
    if (refused) {
      setNotice({ text: t(refused) });
      return;
    }
    setNotice(null);
    dispatch({ type: 'burst', open: true });
  };

  const burst = (into: number, deletePages: boolean) => {
    if (!file) return;
    dispatch({ type: 'burst', open: false });
    void navigate(
      indexingPath({
        db,
        archive: into,
        importDocs: target.inbox ? [] : [file.name],
        inbox: target.inbox,
        requestedPages: [...selected].sort((a, b) => a - b),
        deleteBurstedPages: deletePages,
        fromIndexer: true,
      }),
    );
  };

  return (
    <div className="indexing" data-testid="indexing-view">
      <div className="indexing__header">
        <h1 className="indexing__title">
          {archiveName ? t('indexing.title', { archive: archiveName }) : t('indexing.titleLoading')}
        </h1>
        <span className="muted indexing__file-name">
          {target.inbox?.fileName ?? target.importDocs.map(titleOf).join(', ')}
        </span>
      </div>
      {notice && (
        <Alert tone="error" testId="indexing-error">
          {notice.text}
          {notice.detail && (
            <span className="indexing__detail">{translateServerMessage(t, notice.detail)}</span>
          )}
        </Alert>
      )}
      <div className="indexing__body">
        <PagePanel
          files={files}
          labels={files.map((f) => titleOf(f.name))}
          fileIndex={fileIndex}
          onFile={(index) => dispatch({ type: 'fileChosen', index })}
          pages={pages}
          onRetry={reloadPages}
          page={Math.min(page, Math.max(pageCount, 1))}
          onPage={(next) => dispatch({ type: 'pageShown', page: next })}
          selected={selected}
          onToggle={(n) => dispatch({ type: 'pageToggled', page: n })}
          imageUrl={(n) => (file ? pageImageUrl(http, file, n, session?.token ?? '') : '')}
          onBurst={startBurst}
          tools={keyFree.button}
          notice={keyFree.notice}
          overlay={keyFree.overlay}
        />
        <form
          ref={form}
          className="indexing__fields panel"
          aria-label={t('indexing.fields.region')}
          noValidate
          onFocus={keyFree.onFormFocus}
          onSubmit={(event) => void save(event)}
        >
          {fields.status === 'loading' && <Spinner label={t('indexing.fields.loading')} />}
          <QueryFailure
            state={fields}
            reload={reloadFields}
            error={t('indexing.fields.error')}
            testId="fields-error"
          />
          <div className="indexing__field-list">
            {specs.map((spec) => {
              const [first, second] = dynamicParents(spec);
              return (
                <IndexField
                  key={spec.id}
                  db={db}
                  spec={spec}
                  locale={locale}
                  values={values[spec.id] ?? []}
                  onChange={(next) => dispatch({ type: 'fieldChanged', id: spec.id, values: next })}
                  parents={[valueOf(first), valueOf(second)]}
                  editable={isEditable(spec)}
                  showErrors={showErrors}
                  serverCheck={server[spec.id]}
                  onCheck={onCheck}
                  ref={(handle) => {
                    if (handle) fieldFocus.current.set(spec.id, handle);
                    else fieldFocus.current.delete(spec.id);
                  }}
                />
              );
            })}
          </div>
          <div className="indexing__actions">
            <button type="button" className="button" onClick={cancel.cancel}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={saving || fields.status !== 'success'}
            >
              {saving ? t('indexing.save.saving') : t('indexing.save.button')}
            </button>
          </div>
        </form>
      </div>
      {bursting && (
        <BurstModal
          db={db}
          archive={archive}
          folderOptions={folderOptions}
          selected={[...selected]}
          pageCount={pageCount}
          onConfirm={burst}
          onClose={() => dispatch({ type: 'burst', open: false })}
        />
      )}
      {keyFree.modal}
      {cancel.dialog}
    </div>
  );
}
