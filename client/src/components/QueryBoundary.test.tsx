// The one boundary and its variants (decision 081): block (spinner, alert, Retry), the line variants
// for menus and tree rows, the presets that replaced the admin QueryView and analytics PanelState,
// the failure in place of its children, an ignored error and the failure callback.
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { AppProviders } from '../app/AppProviders';
import type { AppStore } from '../app/createAppStore';
import { createI18n } from '../app/i18n';
import { ApiError } from '../api/http';
import type { QueryState } from '../api/useApiQuery';
import { QueryBoundary, QueryFailure } from './QueryBoundary';

const loading: QueryState<string> = { status: 'loading' };
const failed: QueryState<string> = { status: 'error', error: new Error('offline') };
const loaded: QueryState<string> = { status: 'success', data: 'the data' };

/** Renders `node`; `again` renders another in its place under the same store and language. */
function show(node: ReactNode) {
  const store = createStore() as AppStore;
  const i18n = createI18n('en');
  const wrap = (inner: ReactNode) => (
    <AppProviders store={store} i18n={i18n}>
      {inner}
    </AppProviders>
  );
  const rendered = render(wrap(node));
  return { ...rendered, again: (next: ReactNode) => rendered.rerender(wrap(next)) };
}

describe('QueryBoundary', () => {
  it('block: a spinner with the text, then an alert with Retry, then the data', () => {
    const reload = vi.fn();
    const view = (state: QueryState<string>) => (
      <QueryBoundary state={state} loading="Loading things" error="Things failed" reload={reload} testId="e">
        {(data) => <p>{data}</p>}
      </QueryBoundary>
    );
    const { again } = show(view(loading));
    expect(screen.getByRole('status').textContent).toContain('Loading things');
    again(view(failed));
    expect(screen.getByTestId('e').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('e').textContent).toContain('Things failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    again(view(loaded));
    expect(screen.getByText('the data')).toBeTruthy();
  });

  it('line variant (menus): a muted loading line and a muted error line, no alert box', () => {
    const view = (state: QueryState<string>) => (
      <QueryBoundary
        state={state}
        loading="Loading stamps"
        loadingAs="line"
        error="No stamps"
        failureAs="line"
      />
    );
    const { container, again } = show(view(loading));
    expect(container.querySelector('p.muted')?.textContent).toBe('Loading stamps');
    expect(container.querySelector('.spinner')).toBeNull();
    again(view(failed));
    expect(container.querySelector('.alert')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('No stamps');
    expect(screen.getByRole('alert').className).toBe('muted');
  });

  it('line variant with Retry (tree rows): the error text is the small button that retries', () => {
    const reload = vi.fn();
    show(
      <QueryBoundary
        state={failed}
        loading="Loading"
        error="Could not open"
        failureAs="line"
        className="tree__retry"
        reload={reload}
      />,
    );
    const button = screen.getByRole('button', { name: 'Could not open' });
    expect(button.className).toBe('button button--small tree__retry');
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("admin preset: the administration's texts, the server's reason and a full-size Retry", () => {
    show(
      <QueryBoundary
        preset="admin"
        state={{ status: 'error', error: new ApiError('http', 500, 'Session expired', '') }}
        reload={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The administration data could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' }).className).toBe('button');
  });

  it("analytics preset: the panel's loading text and a small Retry", () => {
    const { again } = show(<QueryBoundary preset="analytics" state={loading} reload={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Loading figures…');
    again(<QueryBoundary preset="analytics" state={failed} reload={() => undefined} testId="panel-error" />);
    expect(screen.getByTestId('panel-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' }).className).toBe('button button--small');
  });

  it('a failure text chosen by the error (a 403 said otherwise)', () => {
    show(
      <QueryBoundary
        state={{ status: 'error', error: new ApiError('http', 403, 'Forbidden', '') }}
        loading="Loading"
        error={(e) => (e instanceof ApiError && e.status === 403 ? 'Not yours' : 'Failed')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not yours');
  });
});

describe('QueryFailure', () => {
  it('shows its children until the query fails, then the failure in their place', () => {
    const view = (state: QueryState<string>) => (
      <QueryFailure state={state} error="Inbox failed" testId="inbox-error">
        <p>grid</p>
      </QueryFailure>
    );
    const { again } = show(view(loading));
    expect(screen.getByText('grid')).toBeTruthy();
    again(view(failed));
    expect(screen.queryByText('grid')).toBeNull();
    expect(screen.getByTestId('inbox-error').textContent).toContain('Inbox failed');
  });

  it('an ignored error shows nothing, and onError is told once per failure', () => {
    const onError = vi.fn();
    const error = new ApiError('http', 404, 'No route', '');
    const state: QueryState<string> = { status: 'error', error };
    const view = (
      <QueryFailure
        state={state}
        error="failed"
        ignore={(e) => e instanceof ApiError && e.status === 404}
        onError={onError}
      >
        <p>content</p>
      </QueryFailure>
    );
    const { container, again } = show(view);
    again(view);
    expect(container.textContent).toBe('');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(error);
  });
});
