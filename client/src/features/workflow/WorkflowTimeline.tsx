// The workflow periods of a document's history as a timeline (spec §3, §4, §8): each period from
// its Entered to its Ended entry, or in progress, with a bar drawn to the spec's proportion (0.65
// running, 0.96 completed) and the queue, Processing and Waiting steps between.
import { useTranslation } from 'react-i18next';
import { translateHistoryLine } from '../../lib/serverTexts';
import type { HistoryEntry } from '@gs/contract/history';
import { workflowPeriods } from './workflowTimeline';
import './workflow.css';
import { useDateFormat } from '../../app/useDateFormat';

/** `newestFirst`: the entries as the history panel holds them (newest first). */
export function WorkflowTimeline({ newestFirst }: { newestFirst: readonly HistoryEntry[] }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const when = (time: string) => dates.dateTime(time);
  const periods = workflowPeriods([...newestFirst].reverse());
  if (periods.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="workflow-timeline-title" data-testid="workflow-timeline">
      <p id="workflow-timeline-title" className="history-section__title">
        {t('workflow.timeline.title')}
      </p>
      <ol className="workflow-timeline">
        {periods.map((period, index) => {
          const running = period.end === null;
          const state = running ? t('workflow.timeline.running') : t('workflow.timeline.completed');
          return (
            <li
              key={`${period.start}:${index}`}
              className="workflow-timeline__period"
              data-testid="workflow-period"
              data-state={running ? 'running' : 'completed'}
            >
              <strong>{period.name || t('workflow.timeline.unnamed')}</strong>
              <div
                className="workflow-timeline__track"
                role="meter"
                aria-label={`${period.name} — ${state}`}
                aria-valuemin={0}
                aria-valuemax={1}
                aria-valuenow={period.proportion}
              >
                <div
                  className={`workflow-timeline__bar${running ? ' workflow-timeline__bar--running' : ''}`}
                  style={{ width: `${period.proportion * 100}%` }}
                />
              </div>
              <span>
                {running
                  ? t('workflow.timeline.since', { start: when(period.start) })
                  : t('workflow.timeline.between', {
                      start: when(period.start),
                      end: when(period.end ?? ''),
                    })}{' '}
                · {state}
              </span>
              {period.steps.length > 0 && (
                <ul className="workflow-timeline__steps">
                  {period.steps.map((step, i) => (
                    <li key={`${step.time}:${i}`}>
                      {translateHistoryLine(t, step.line)} — {step.user},{' '}
                      <time dateTime={step.time}>{when(step.time)}</time>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
