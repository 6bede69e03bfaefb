// An inbox's actions on its checked files (spec §2, §5, §6; InboxToolbar.tsx shows them): upload,
// rename, download, export, copy or move, delete, send to an archive, merge, append, e-mail.
// `allowed` (the licence and the inbox's rights) decides whether the button shows at all: a
// read-only licence (type 4) only looks, downloads, exports and e-mails; upload needs Add (2),
// rename ModifyDocument (4), delete Delete (8), e-mail Email (32). `enabled` then wants something
// checked, exactly one for rename, download and send, and the merge and append rules.
import { hasFlag, InboxPermission, LicenseType } from '@gs/contract/flags';
import type { InboxFile } from '@gs/contract/inboxes';
import { firstRefusal, register, type Action, type I18nKey, type Verdict } from './registry';
import { appendSelection, mergeSelection, someChecked } from './selectionRules';

export type InboxActionId =
  'upload' | 'rename' | 'download' | 'export' | 'transfer' | 'delete' | 'send' | 'merge' | 'append' | 'email';

/** The actions whose dialog the toolbar opens. */
export type InboxDialog = Extract<
  InboxActionId,
  'rename' | 'transfer' | 'delete' | 'send' | 'merge' | 'append'
>;

export interface InboxActionState {
  licenseType: number | null;
  /** the inbox's permissions for this user */
  permissions: number;
  /** the checked files, in grid order */
  checked: readonly InboxFile[];
}

export interface InboxActionEffects {
  open: (dialog: InboxDialog) => void;
  pickFiles: () => void;
  download: (file: InboxFile) => void;
  runExport: () => void;
  runEmail: () => void;
}

type InboxAction = Action<InboxActionId, InboxActionState, InboxActionEffects>;
type Rule = (state: InboxActionState) => Verdict;

const always: Rule = () => true;
const writable: Rule = (s) => s.licenseType !== LicenseType.ReadOnly || 'documents.rules.readOnly';
const right =
  (bit: number): Rule =>
  (s) =>
    hasFlag(s.permissions, bit) || 'ERROR_FAILED_DUE_TO_PERMISSIONS';
const both =
  (...rules: Rule[]): Rule =>
  (s) =>
    firstRefusal(...rules.map((rule) => () => rule(s)));

const one: Rule = (s) => s.checked.length <= 1 || 'inbox.error.oneOnly';

interface Spec {
  label: I18nKey;
  testId?: string;
  allowed: Rule;
  /** the selection rule after something is checked; none: the action needs no selection */
  selection: Rule | null;
  /** disabled while a job of the toolbar runs */
  waitsForJobs: boolean;
  perform: (ctx: InboxActionState & InboxActionEffects) => void;
}

const inboxAction = (id: InboxActionId, spec: Spec): InboxAction => {
  const { selection } = spec;
  return {
    id,
    label: spec.label,
    testId: spec.testId,
    waitsForJobs: spec.waitsForJobs,
    readsSelection: selection !== null,
    allowed: spec.allowed,
    enabled: (s) =>
      selection
        ? firstRefusal(
            () => spec.allowed(s),
            () => someChecked(s.checked.length),
            () => selection(s),
          )
        : spec.allowed(s),
    perform: spec.perform,
  };
};

export const inboxActions = register<InboxActionId, InboxActionState, InboxActionEffects>([
  inboxAction('upload', {
    label: 'inbox.toolbar.upload',
    testId: 'inbox-upload-button',
    allowed: both(writable, right(InboxPermission.Add)),
    selection: null,
    waitsForJobs: false,
    perform: (ctx) => ctx.pickFiles(),
  }),
  inboxAction('rename', {
    label: 'inbox.toolbar.rename',
    allowed: both(writable, right(InboxPermission.ModifyDocument)),
    selection: one,
    waitsForJobs: true,
    perform: (ctx) => ctx.open('rename'),
  }),
  inboxAction('download', {
    label: 'inbox.toolbar.download',
    allowed: always,
    selection: one,
    waitsForJobs: false,
    perform: (ctx) => ctx.checked[0] && ctx.download(ctx.checked[0]),
  }),
  inboxAction('export', {
    label: 'inbox.toolbar.export',
    testId: 'inbox-export-button',
    allowed: always,
    selection: always,
    waitsForJobs: true,
    perform: (ctx) => ctx.runExport(),
  }),
  inboxAction('transfer', {
    label: 'inbox.toolbar.copyMove',
    allowed: writable,
    selection: always,
    waitsForJobs: true,
    perform: (ctx) => ctx.open('transfer'),
  }),
  inboxAction('delete', {
    label: 'inbox.toolbar.delete',
    allowed: both(writable, right(InboxPermission.Delete)),
    selection: always,
    waitsForJobs: true,
    perform: (ctx) => ctx.open('delete'),
  }),
  inboxAction('send', {
    label: 'inbox.toolbar.sendToArchive',
    allowed: writable,
    selection: one,
    waitsForJobs: true,
    perform: (ctx) => ctx.open('send'),
  }),
  inboxAction('merge', {
    label: 'documents.actions.merge',
    testId: 'inbox-merge-button',
    allowed: writable,
    selection: (s) => mergeSelection(s.checked.map((f) => f.FileType)),
    waitsForJobs: true,
    perform: (ctx) => ctx.open('merge'),
  }),
  inboxAction('append', {
    label: 'documents.actions.append',
    testId: 'inbox-append-button',
    allowed: writable,
    selection: (s) => appendSelection(s.checked.length),
    waitsForJobs: true,
    perform: (ctx) => ctx.open('append'),
  }),
  inboxAction('email', {
    label: 'documents.actions.email',
    testId: 'inbox-email-button',
    allowed: right(InboxPermission.Email),
    selection: always,
    waitsForJobs: true,
    perform: (ctx) => ctx.runEmail(),
  }),
]);
