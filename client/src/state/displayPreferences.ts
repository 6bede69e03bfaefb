// The General tab's display settings (spec §3 "Local settings"), in localStorage under the spec's
// names. Those of screens that do not exist yet (workflow queues and GlobalAction tasks) are kept
// for when they do.
import { localSettingAtom } from './preferences';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The archive tree on the search screen (shown by default). */
export const showArchiveListAtom = localSettingAtom('showArchiveList', true, isBoolean);
/** Versions archives of revision-controlled archives in the archive tree and pickers (hidden by default). */
export const showVersionArchiveAtom = localSettingAtom('showVersionArchive', false, isBoolean);
/** A double click on a results row does not open the document. */
export const disableOpenDocAtom = localSettingAtom('disableOpenDoc', false, isBoolean);
/** Workflow queues in the sidebar (workflow screens to come). */
export const showQueuesAtom = localSettingAtom('showQueues', true, isBoolean);
/** Queue searches in the search list (workflow screens to come). */
export const showQueueSearchesAtom = localSettingAtom('showQueueSearches', true, isBoolean);
/** GlobalAction tasks (workflow screens to come). */
export const showGlobalActionTasksAtom = localSettingAtom('showGlobalActionTasks', true, isBoolean);
