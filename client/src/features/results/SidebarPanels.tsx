// The results screens' sidebar, the archive tree and the inbox and queue panels under it, loaded
// after the screen's own chunk (decision 079): the grid is what a results screen shows first; the
// panels fetch their lists anyway, and until their code is there each shows the spinner it shows
// while its list loads.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import type { InboxListProps } from '../inbox/InboxList';
import type { TreeProps } from '../view/ArchiveTree';
import type { WorkflowSidebarProps } from '../workflow/WorkflowSidebar';

const ArchiveTree = lazy(() => import('../view/ArchiveTree').then((m) => ({ default: m.ArchiveTree })));
const InboxList = lazy(() => import('../inbox/InboxList').then((m) => ({ default: m.InboxList })));
const WorkflowSidebar = lazy(() =>
  import('../workflow/WorkflowSidebar').then((m) => ({ default: m.WorkflowSidebar })),
);

export function LazyArchiveTree(props: TreeProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('view.archives.loading')} />}>
      <ArchiveTree {...props} />
    </Suspense>
  );
}

export function LazyInboxList(props: InboxListProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('inbox.list.loading')} />}>
      <InboxList {...props} />
    </Suspense>
  );
}

export function LazyWorkflowSidebar(props: WorkflowSidebarProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('workflow.queues.loading')} />}>
      <WorkflowSidebar {...props} />
    </Suspense>
  );
}
