// The administration console (/admin/full): side navigation, the database picker, cards with
// their edit/rename/delete buttons, the editor of one item (card-edit mode), its modals, the
// typed confirm-delete dialog, the unsaved-changes prompt and the alert status.
import { expect, type Locator, type Page } from '@playwright/test';

export type AdminModeName =
  | 'DATABASES'
  | 'ARCHIVES'
  | 'INBOXES'
  | 'FIELD_CATALOG'
  | 'SEARCHES'
  | 'EMAIL_SETTINGS'
  | 'STAMPS'
  | 'REGISTRATION'
  | 'LICENSE_RULES'
  | 'DATABASE_IMPORT';

export class AdminConsolePage {
  readonly console: Locator;
  readonly nav: Locator;
  readonly title: Locator;
  readonly cards: Locator;
  readonly editor: Locator;
  readonly alert: Locator;
  readonly addButton: Locator;
  readonly confirmDelete: Locator;
  readonly unsaved: Locator;

  constructor(readonly page: Page) {
    this.console = page.getByTestId('admin-console');
    this.nav = page.getByRole('navigation', { name: 'Administration' });
    this.title = page.locator('#admin-mode-title');
    this.cards = page.getByTestId('admin-card');
    this.editor = page.getByTestId('admin-editor');
    this.alert = page.getByTestId('admin-alert');
    this.addButton = page.getByTestId('admin-add');
    this.confirmDelete = page.getByTestId('admin-confirm-delete');
    this.unsaved = page.getByTestId('admin-unsaved');
  }

  /** Opens the console in a mode (and a database for the database modes). */
  async open(mode: AdminModeName, db?: number, tab?: string): Promise<void> {
    const query = new URLSearchParams({ mode });
    if (db !== undefined) query.set('db', String(db));
    if (tab) query.set('tab', tab);
    await this.page.goto(`/admin/full?${query.toString()}`);
    await expect(this.console).toBeVisible();
  }

  mode(mode: AdminModeName): Locator {
    return this.page.getByTestId(`admin-mode-${mode}`);
  }

  async goTo(mode: AdminModeName): Promise<void> {
    await this.mode(mode).click();
    await expect(this.mode(mode)).toHaveAttribute('aria-current', 'page');
  }

  async tab(name: 'Fields' | 'Table fields' | 'Lists'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** The create-new card of the mode, e.g. '+ New field'. */
  async create(label: string): Promise<void> {
    await this.page.getByRole('button', { name: `+ ${label}`, exact: true }).click();
    await expect(this.editor).toBeVisible();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await expect(this.editor).toBeVisible();
  }

  /** Rename mode: the name edited in the card itself. */
  async rename(name: string, to: string): Promise<void> {
    await this.recordStatuses();
    await this.page.getByRole('button', { name: `Rename ${name}`, exact: true }).click();
    const field = this.page.getByLabel('New name', { exact: true });
    await expect(field).toHaveValue(name);
    await field.fill(to);
    await this.cards.filter({ has: field }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.card(to)).toBeVisible();
  }

  /** Delete with its typed confirmation; Delete stays disabled until the phrase is typed. */
  async remove(name: string, phrase: string, drop = false): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await expect(this.confirmDelete).toBeVisible();
    const ok = this.page.getByTestId('admin-confirm-delete-ok');
    await expect(this.confirmDelete).toContainText(`type: ${phrase}`);
    await this.confirmDelete.getByLabel('Confirmation', { exact: true }).fill(phrase.toLowerCase());
    await expect(ok).toBeDisabled();
    await this.confirmDelete.getByLabel('Confirmation', { exact: true }).fill(phrase);
    if (drop) await this.confirmDelete.getByRole('checkbox').check();
    await ok.click();
    await expect(this.confirmDelete).toBeHidden();
    await expect(this.card(name)).toHaveCount(0);
  }

  input(label: string, scope: Locator = this.editor): Locator {
    return scope.getByLabel(label, { exact: true });
  }

  /** The list editor's values (a label wrapping a textarea also holds its text). */
  listValues(): Locator {
    return this.editor.getByRole('textbox', { name: /^Values, one per line/ });
  }

  /** A drop-down by its label (a label wrapping a select also holds its options' text). */
  select(label: string, scope: Locator = this.editor): Locator {
    return scope.getByRole('combobox', { name: label, exact: true });
  }

  async save(): Promise<void> {
    await this.recordStatuses();
    await this.editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.editor).toBeHidden();
    await this.expectSaved();
  }

  /**
   * Records every status the alert takes from now on. 'saved' fades to idle after 2.5 s, which a
   * loaded machine can spend between the click and the first look; the record keeps it.
   */
  async recordStatuses(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as {
        __adminStatuses?: string[];
        __adminLast?: string;
        __adminObserver?: MutationObserver;
      };
      w.__adminStatuses = [];
      w.__adminLast =
        document.querySelector('[data-testid="admin-alert"]')?.getAttribute('data-status') ?? undefined;
      w.__adminObserver ??= new MutationObserver((records) => {
        // every status the alert went through since the last callback, not only the one it shows
        // now: a save's 'saved' may already be gone again when the callback runs (each record
        // holds the value before its change; the last value is the one shown now)
        const seen = records
          .filter((r) => r.type === 'attributes')
          .map((r) => r.oldValue ?? undefined)
          .concat(
            document.querySelector('[data-testid="admin-alert"]')?.getAttribute('data-status') ?? undefined,
          );
        // a second save while 'saved' still shows is shown afresh: a new status element, not a change
        const shownAfresh = records.some((r) =>
          [...r.addedNodes].some(
            (n) => n instanceof Element && n.matches('[data-testid="admin-alert"][data-status="saved"]'),
          ),
        );
        if (shownAfresh) w.__adminStatuses?.push('saved');
        for (const status of seen) {
          // changes only: a status that stays does not count twice
          if (status && status !== w.__adminLast) w.__adminStatuses?.push(status);
          w.__adminLast = status ?? undefined;
        }
      });
      w.__adminObserver.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeOldValue: true,
        attributeFilter: ['data-status'],
      });
    });
  }

  /** The alert says saved, or did since recordStatuses (or since the last expectSaved). */
  async expectSaved(): Promise<void> {
    await expect
      .poll(() =>
        this.page.evaluate(() => {
          const w = window as unknown as { __adminStatuses?: string[] };
          const now = document.querySelector('[data-testid="admin-alert"]')?.getAttribute('data-status');
          const saved = (w.__adminStatuses ?? []).includes('saved') || now === 'saved';
          // a save is counted once: the next expectSaved needs a save of its own
          if (saved) w.__adminStatuses = [];
          return saved;
        }),
      )
      .toBe(true);
  }

  modal(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Confirms a modal with its OK button. */
  async confirm(modal: Locator): Promise<void> {
    await modal.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(modal).toBeHidden();
  }
}
