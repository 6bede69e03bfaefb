import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_REFUSED_MESSAGE,
  STRONG_PASSWORD_MESSAGE,
} from '@gs/contract/account';
import type { Delegation } from '@gs/contract/delegation';
import { createFakeServer, json, type FakeHandler } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const delegation = (over: Partial<Delegation> = {}): Delegation => ({
  Permissions: true,
  Active: false,
  CurrentUser: 'web.user',
  Delegates: [],
  Emails: [],
  Candidates: ['full.user', 'reader'],
  ...over,
});

function server(extra: Record<string, FakeHandler | object> = {}) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Database 1' }] },
    'GET dbs/1/archives': { Archives: [] },
    'GET delegate': delegation({ Permissions: false, Candidates: [] }),
    'GET users': { Name: 'web.user', Email: 'web@example.com', License: 2, CanDelegate: false },
    ...extra,
  });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByTestId('header-settings'));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  fireEvent.click(within(dialog).getByRole('tab', { name }));
  return dialog;
}

describe('the Settings dialog', () => {
  it('opens from the header over the current screen, with the six tabs of the spec', async () => {
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    const dialog = await openTab('General');
    expect(window.location.pathname).toBe('/view');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['General', 'Users', 'Language', 'Delegate', 'Export', 'Scanner settings']);
    fireEvent.click(within(dialog).getByTestId('setting-disable-open-doc'));
    expect(window.localStorage.getItem('disableOpenDoc')).toBe('true');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Export' }));
    fireEvent.change(within(dialog).getByLabelText('Folder'), { target: { value: 'monthly' } });
    expect(JSON.parse(window.localStorage.getItem('exportUtilitySettings') ?? '{}')).toMatchObject({
      FilePath: 'monthly',
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Scanner settings' }));
    expect(within(dialog).getByTestId('helper-settings')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the password with the current one: blanks and mismatch first, then what the server says', async () => {
    let answer: Response = json(
      { Message: 'The request is invalid.', MessageDetail: STRONG_PASSWORD_MESSAGE },
      400,
    );
    const fake = server({ 'POST users': () => answer });
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    const dialog = await openTab('Users');
    await within(dialog).findByLabelText('E-mail');
    const fill = (password: string, confirm: string, current = 'Old#Pass1') => {
      fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: current } });
      fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: password } });
      fireEvent.change(within(dialog).getByLabelText('Confirm password'), { target: { value: confirm } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    };
    const outcome = () => within(dialog).getByTestId('password-outcome').textContent;
    const posts = () => fake.requests.filter((r) => r.method === 'POST');

    fill('Good#Pass1', 'Good#Pass1', '');
    expect(outcome()).toBe('Enter your current password.');
    fill('', '');
    expect(outcome()).toBe('The password must not be blank.');
    fill('Good#Pass1', 'Good#Pass2');
    expect(outcome()).toBe('The passwords do not match.');
    expect(posts()).toHaveLength(0);

    fill('weak', 'weak');
    await waitFor(() =>
      expect(outcome()).toBe(`The password could not be changed. ${STRONG_PASSWORD_MESSAGE}`),
    );
    answer = json({ Message: CURRENT_PASSWORD_WRONG_MESSAGE }, 403);
    fill('Good#Pass1', 'Good#Pass1', 'wrong');
    await waitFor(() => expect(outcome()).toBe('The current password is not correct.'));
    answer = json({ Message: 'Too many failed sign-in attempts. Try again in 2 seconds.' }, 429);
    fill('Good#Pass1', 'Good#Pass1', 'wrong again');
    await waitFor(() => expect(outcome()).toBe('Too many wrong passwords. Try again in a moment.'));

    // a changed address goes along; one the server refuses is not said to be taken
    const emailBox = within(dialog).getByLabelText<HTMLInputElement>('E-mail');
    expect(emailBox.value).toBe('web@example.com');
    fireEvent.change(emailBox, { target: { value: 'taken@example.com' } });
    answer = json({ Message: 'The request is invalid.', MessageDetail: EMAIL_REFUSED_MESSAGE }, 400);
    fill('Good#Pass1', 'Good#Pass1');
    await waitFor(() => expect(outcome()).toBe('That e-mail address cannot be used.'));
    expect(JSON.parse(posts().at(-1)?.body ?? '{}')).toEqual({
      password: 'Good#Pass1',
      currentPassword: 'Old#Pass1',
      Email: 'taken@example.com',
    });
    // a real server's 409
    answer = json({ Message: 'taken' }, 409);
    fill('Good#Pass1', 'Good#Pass1');
    await waitFor(() => expect(outcome()).toBe('That e-mail address is already in use.'));
    fireEvent.change(emailBox, { target: { value: 'web@example.com' } });
    answer = json({ Success: true });
    fill('Good#Pass1', 'Good#Pass1');
    await waitFor(() => expect(outcome()).toBe('Your password was changed.'));
    const post = posts().at(-1);
    expect(post?.url.searchParams.get('isSelfPasswordChange')).toBe('true');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ password: 'Good#Pass1', currentPassword: 'Old#Pass1' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('tells a user who may not delegate so', async () => {
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    const dialog = await openTab('Delegate');
    expect((await within(dialog).findByTestId('delegation-not-permitted')).textContent).toBe(
      'You are not permitted to delegate.',
    );
  });

  it('turns delegation on with a delegate and saves it', async () => {
    const fake = server({
      'GET delegate': delegation(),
      'POST delegate': (r) => {
        const body = JSON.parse(r.body ?? '{}') as { Active: boolean; Delegates: string[] };
        return delegation({
          Active: body.Active,
          Delegates: body.Delegates.map((d) => ({ User: 'web.user', Delegate: d })),
        });
      },
    });
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    const dialog = await openTab('Delegate');
    fireEvent.click(await within(dialog).findByTestId('delegation-active'));
    fireEvent.click(within(dialog).getByLabelText('reader'));
    fireEvent.change(within(dialog).getByLabelText('E-mail addresses to notify (one per line)'), {
      target: { value: 'boss@example.com\n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save delegation' }));
    expect((await within(dialog).findByTestId('delegation-notice')).textContent).toBe('Delegation saved.');
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      Active: true,
      Delegates: ['reader'],
      Emails: ['boss@example.com'],
    });
  });
});
