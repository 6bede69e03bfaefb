// A message box: role "alert" for errors (announced at once), "status" for notes.
import type { ReactNode } from 'react';
import { Icon } from './Icon';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

const ICONS = { error: 'alert', warning: 'alert', info: 'info', success: 'check' } as const;

export function Alert({
  tone,
  title,
  children,
  testId,
}: {
  tone: AlertTone;
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`alert alert--${tone}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon name={ICONS[tone]} size={20} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
      </div>
    </div>
  );
}
