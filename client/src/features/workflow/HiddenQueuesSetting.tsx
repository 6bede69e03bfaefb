// The Settings dialog's General tab: how many queues the user hid through the task options
// (taskSearches), and showing them all again.
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { taskSearchesAtom } from '../../state/displayPreferences';

export function HiddenQueuesSetting() {
  const { t } = useTranslation();
  const [saved, setSaved] = useAtom(taskSearchesAtom);
  const hidden = saved.filter((s) => !s.Visible).length;
  return (
    <div className="field">
      <span>{t('workflow.settings.hidden', { count: hidden })}</span>
      <button
        type="button"
        className="button button--small"
        disabled={hidden === 0}
        onClick={() => setSaved(saved.map((s) => ({ ...s, Visible: true })))}
        data-testid="setting-show-hidden-queues"
      >
        {t('workflow.settings.showAll')}
      </button>
    </div>
  );
}
