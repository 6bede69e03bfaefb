// One queue in the sidebar: its name (a click runs the queue search), its task count and the task
// options popover (hide tasks, settings; spec §2).
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { TreeRowCount } from '../../components/TreeRowCount';
import { settingsDialogOpenAtom } from '../../state/settingsDialog';

export interface QueueRowProps {
  queue: WorkflowQueue;
  /** the count to show (the queue's, or its count in one archive) */
  count: number;
  selected: boolean;
  busy: boolean;
  onOpen: () => void;
  onHide: () => void;
  testId: string;
}

export function QueueRow({ queue, count, selected, busy, onOpen, onHide, testId }: QueueRowProps) {
  const { t } = useTranslation();
  const openSettings = useSetAtom(settingsDialogOpenAtom);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  return (
    <li className="tree__node">
      <div className={`tree__row${selected ? ' tree__row--selected' : ''}`} data-testid={testId}>
        <span className="tree__spacer" aria-hidden="true" />
        <button
          type="button"
          className="tree__label"
          aria-current={selected ? 'true' : undefined}
          aria-busy={busy}
          title={t('workflow.queues.inWorkflow', { workflow: queue.WorkflowName })}
          onClick={onOpen}
        >
          <Icon name="flow" size={16} />
          <span>{queue.Name}</span>
        </button>
        <TreeRowCount
          count={count}
          countTitle={t('workflow.queues.count', { count })}
          optionsLabel={t('workflow.queues.options', { name: queue.Name })}
          menu={menu}
          onMenu={setMenu}
        />
      </div>
      {menu && (
        <Popover
          anchor={menu}
          role="menu"
          className="column-menu"
          label={t('workflow.queues.optionsMenu', { name: queue.Name })}
          onClose={() => setMenu(null)}
        >
          <button type="button" role="menuitem" onClick={act(onHide)}>
            {t('workflow.queues.hide')}
          </button>
          <button type="button" role="menuitem" onClick={act(() => openSettings(true))}>
            {t('workflow.queues.settings')}
          </button>
        </Popover>
      )}
    </li>
  );
}
