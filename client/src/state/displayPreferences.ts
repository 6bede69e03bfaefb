// The General tab's display settings (spec §3 "Local settings"), in localStorage under the spec's
// names, and the workflow queues' own visibility (taskSearches).
import { localSettingAtom } from './preferences';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The archive tree on the search screen (shown by default). */
export const showArchiveListAtom = localSettingAtom('showArchiveList', true, isBoolean);
/** Versions archives of revision-controlled archives in the archive tree and pickers (hidden by default). */
export const showVersionArchiveAtom = localSettingAtom('showVersionArchive', false, isBoolean);
/** A double click on a results row does not open the document. */
export const disableOpenDocAtom = localSettingAtom('disableOpenDoc', false, isBoolean);
/** The workflow queue list in the sidebar (open). */
export const showQueuesAtom = localSettingAtom('showQueues', true, isBoolean);
/** The queue-search list in the sidebar (open): the queues with tasks in the selected archive. */
export const showQueueSearchesAtom = localSettingAtom('showQueueSearches', true, isBoolean);
/** The sidebar's GlobalAction task section (queues and queue searches) at all. */
export const showGlobalActionTasksAtom = localSettingAtom('showGlobalActionTasks', true, isBoolean);

/** A queue the user showed or hid (spec §3 "taskSearches": Key, Visible, WorkflowId). */
export interface TaskSearch {
  Key: string;
  Visible: boolean;
  WorkflowId: number;
}
const isTaskSearches = (v: unknown): v is TaskSearch[] =>
  Array.isArray(v) &&
  v.every(
    (t) =>
      typeof t === 'object' &&
      t !== null &&
      typeof (t as TaskSearch).Key === 'string' &&
      typeof (t as TaskSearch).Visible === 'boolean' &&
      typeof (t as TaskSearch).WorkflowId === 'number',
  );
/** Queues the user hid from the task lists (the task options' "hide tasks"). */
export const taskSearchesAtom = localSettingAtom<TaskSearch[]>('taskSearches', [], isTaskSearches);
