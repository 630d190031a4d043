import type { Locator, Page } from '@playwright/test';

/** /login (docs/console.md): username, password, submit. */
export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** Why the server ended the last session ("Il tuo account è stato modificato…"), if it said. */
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.notice = page.getByRole('alert');
    this.username = page.locator('input[name="username"]');
    this.password = page.locator('input[name="password"]');
    this.submit = page.getByRole('button', { name: 'Accedi' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}
