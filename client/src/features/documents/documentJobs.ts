// What the documents toolbar (DocumentActions.tsx) runs when a dialog is confirmed: copy, move and
// delete as a job group, merge, append and e-mail under the wait modal, each with its notes. It
// loads with the first of them (decision 079), so the results screen carries only the buttons.
import type { TFunction } from 'i18next';
import type { useStore } from 'jotai';
import type { Archive } from '@gs/contract/archives';
import {
  AppendType,
  MergeTargetType,
  MergeType,
  type MergeDocument,
  type MergeRequest,
} from '@gs/contract/documents';
import {
  deleteDocument,
  mergeDocuments,
  transferDocument,
  type OpDocument,
  type TransferKind,
} from '../../api/documentOps';
import type { Http } from '../../api/http';
import type { ResultsParams } from '../../app/resultsPaths';
import { translateServerError } from '../../lib/serverTexts';
import { NoteType, type NewNote } from '../../state/notes';
import type { CheckedDocument } from '../results/selection';
import type { AppendChoice } from './AppendModal';
import type { MergeChoice } from './MergeDialog';
import type { useJobRunner } from './useJobRunner';

/** What a run needs from the toolbar. */
export interface DocumentJobContext {
  t: TFunction;
  http: Http;
  jobs: ReturnType<typeof useJobRunner>;
  params: ResultsParams;
  /** the session's token, for the helper's e-mail call */
  token: string;
  store: ReturnType<typeof useStore>;
  addNote: (note: NewNote) => number;
  /** reloads the grid (its check boxes clear) */
  reload: () => void;
  setProblem: (text: string | null) => void;
}

const refOf = (c: CheckedDocument): OpDocument => ({
  db: c.db,
  archive: c.archive,
  id: c.doc.Id,
  hash: c.doc.Hash,
});
const mergeDocOf = (c: CheckedDocument): MergeDocument & { Hash: string } => ({
  ArchiveID: c.archive,
  DocID: c.doc.Id,
  Hash: c.doc.Hash,
});

const failureTextOf = (t: TFunction, error: unknown): string =>
  translateServerError(t, error) ?? t('documents.errors.unknown');

export async function runTransfer(
  ctx: DocumentJobContext,
  kind: TransferKind | 'delete',
  docs: CheckedDocument[],
  destination?: Archive,
  destinationDb?: number,
) {
  const { t, http, jobs, reload, setProblem } = ctx;
  const failureText = (error: unknown) => failureTextOf(t, error);
  const text =
    kind === 'delete'
      ? t('documents.notes.delete', { count: docs.length })
      : t(`documents.notes.${kind}`, { count: docs.length, name: destination?.Name ?? '' });
  try {
    const progress = await jobs.runGroup({
      text,
      items: docs,
      idOf: (c) => c.doc.Id,
      run: (c, tag) =>
        kind === 'delete'
          ? deleteDocument(http, refOf(c), tag)
          : transferDocument(http, kind, refOf(c), destination?.Id ?? 0, tag, destinationDb),
      describe: failureText,
    });
    if (progress.danger > 0)
      setProblem(t('documents.errors.someFailed', { count: progress.danger, total: progress.total }));
  } finally {
    reload();
  }
}

export async function runMerge(ctx: DocumentJobContext, { order, base }: MergeChoice) {
  const { t, http, jobs, params, addNote, reload, setProblem } = ctx;
  const body: MergeRequest = {
    Type: MergeType.Merge,
    Documents: order.map(mergeDocOf),
    BaseDocument: mergeDocOf(base),
    Target: { Type: MergeTargetType.Archive, Id: base.archive },
  };
  try {
    const id = await jobs.runTask(t('documents.wait.merge'), () => mergeDocuments(http, params.db, body));
    addNote({ type: NoteType.Success, text: t('documents.notes.mergeSuccessful', { id }) });
    reload();
  } catch (error) {
    const message = failureTextOf(t, error);
    addNote({ type: NoteType.Error, text: t('documents.notes.mergeFailed', { message }) });
    setProblem(message);
  }
}

export async function runAppend(ctx: DocumentJobContext, doc: CheckedDocument, choice: AppendChoice) {
  const { t, http, jobs, params, addNote, reload, setProblem } = ctx;
  const archiveDoc = mergeDocOf(doc);
  const inboxItem = { InboxId: choice.inboxId, Path: choice.fileName };
  const body: MergeRequest =
    choice.into === 'document'
      ? {
          Type: MergeType.Append,
          Documents: [archiveDoc, inboxItem],
          BaseDocument: archiveDoc,
          Target: { Type: MergeTargetType.Archive, AppendType: AppendType.After, Id: doc.archive },
        }
      : {
          Type: MergeType.Append,
          Documents: [inboxItem, archiveDoc],
          BaseDocument: inboxItem,
          Target: { Type: MergeTargetType.Inbox, AppendType: AppendType.After, Id: choice.inboxId },
        };
  try {
    await jobs.runTask(t('documents.wait.append'), () => mergeDocuments(http, params.db, body));
    addNote({
      type: NoteType.Success,
      text: t('documents.notes.appendSuccessful', { name: choice.fileName, id: doc.doc.Id }),
    });
    reload();
  } catch (error) {
    const message = failureTextOf(t, error);
    addNote({ type: NoteType.Error, text: t('documents.notes.appendFailed', { message }) });
    setProblem(message);
  }
}

export async function runEmail(ctx: DocumentJobContext, docs: CheckedDocument[], withAnnotations: boolean) {
  const { t, jobs, params, token, store, addNote, setProblem } = ctx;
  // the helper's settings and its e-mail call load with the first e-mail (decision 079)
  const [settings, { emailDocuments, helperFailureText }, { helperTrustHint }] = await Promise.all([
    import('../capture/helperSettings'),
    import('./helperEmail'),
    import('../capture/useHelperTrustHint'),
  ]);
  const helper = store.get(settings.effectiveHelperSettingsAtom);
  const trustHint = helperTrustHint(t, helper, 'io');
  try {
    const result = await jobs.runTask(t('documents.wait.email'), () =>
      emailDocuments({
        baseUrl: settings.helperUrlFor(helper, 'io'),
        database: params.db,
        searchId: params.searchId,
        fieldId: 0,
        withAnnotations,
        token: token,
        body: {
          Documents: docs.map((c) => ({ Archive: c.archive, Id: c.doc.Id, Hash: c.doc.Hash })),
          SearchCriteria: params.criteria,
        },
      }),
    );
    addNote({
      type: NoteType.Success,
      text: t('documents.notes.emailed', { count: result.Attachments, file: result.File }),
    });
  } catch (error) {
    const message = helperFailureText(t, error, {
      unreachable: [t('documents.email.unreachable'), trustHint].filter(Boolean).join(' '),
      unknown: t('documents.errors.unknown'),
    });
    addNote({ type: NoteType.Error, text: message });
    setProblem(message);
  }
}
