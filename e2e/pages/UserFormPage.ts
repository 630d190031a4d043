import { expect, type Locator, type Page } from '@playwright/test';

/** /user and /user/{id} (docs/console.md User form). */
export class UserFormPage {
  readonly username: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.username = page.locator('input[name="username"]');
    this.email = page.locator('input[name="email"]');
    this.password = page.locator('input[name="password"]');
    this.confirmPassword = page.locator('input[name="confirmPassword"]');
    this.save = page.getByRole('button', { name: 'Salva' });
    this.cancel = page.getByRole('button', { name: 'Annulla' });
  }

  async gotoNew(): Promise<void> {
    await this.page.goto('/user');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Nuovo utente' })).toBeVisible();
  }

  async gotoEdit(id: number, username: string): Promise<void> {
    await this.page.goto(`/user/${id}`);
    await this.waitEditLoaded(username);
  }

  /** The edit form is filled once the user is loaded. */
  async waitEditLoaded(username: string): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Modifica utente' }),
    ).toBeVisible();
    await expect(this.username).toHaveValue(username);
    await expect(this.username).toBeEditable();
  }

  async fill(values: {
    username?: string;
    email?: string;
    password?: string;
    confirmPassword?: string;
  }) {
    if (values.username !== undefined) await this.username.fill(values.username);
    if (values.email !== undefined) await this.email.fill(values.email);
    if (values.password !== undefined) await this.password.fill(values.password);
    if (values.confirmPassword !== undefined)
      await this.confirmPassword.fill(values.confirmPassword);
  }

  /** The visible label of a field (e.g. 'Nuova password'). */
  label(field: Locator): Promise<string> {
    return field.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
  }
}
