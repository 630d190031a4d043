import { login } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { Shell } from '../pages/Shell.js';
import { UserFormPage } from '../pages/UserFormPage.js';
import { UsersPage } from '../pages/UsersPage.js';

test.describe('users list (docs/console.md /users)', () => {
  test('Username and Email columns, 20 rows per page', async ({ page, signIn, people, admin }) => {
    for (let i = 0; i < 25; i += 1) await people.create();
    const total = (await admin.users()).length;
    expect(total).toBeGreaterThanOrEqual(26);
    await signIn();
    const users = new UsersPage(page);
    await users.goto();
    const headers = await users.columnHeaders();
    expect(headers.slice(0, 2)).toEqual(['Username', 'Email']);
    await expect(users.rows).toHaveCount(20);
    await expect(page.getByText(`1–20 di ${total}`)).toBeVisible();
    await users.nextPage.click();
    await expect(page.getByText(`21–${Math.min(40, total)} di ${total}`)).toBeVisible();
    await expect(users.rows).toHaveCount(Math.min(20, total - 20));
  });

  test('New user opens the empty form; Cancel returns to /users', async ({ page, signIn }) => {
    await signIn();
    const users = new UsersPage(page);
    await users.goto();
    await users.newButton.hover();
    await expect(page.getByRole('tooltip', { name: 'Crea nuovo utente' })).toBeVisible();
    await users.newButton.click();
    await expect(page).toHaveURL(/\/user$/);
    const form = new UserFormPage(page);
    for (const field of [form.username, form.email, form.password, form.confirmPassword]) {
      await expect(field).toHaveValue('');
    }
    expect(await form.label(form.password)).toMatch(/^Password/);
    await form.cancel.click();
    await expect(page).toHaveURL(/\/users$/);
    await users.waitLoaded();
  });
});

test.describe('user form (docs/console.md, §5)', () => {
  test('validation: required fields, email pattern, password confirmation', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const form = new UserFormPage(page);
    await form.gotoNew();
    await form.save.click();
    for (const field of [form.username, form.email, form.password, form.confirmPassword]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription('Campo obbligatorio');
    }
    for (const bad of [
      'name@example',
      'name.example.com',
      'name@example.abcde',
      'a b@example.com',
    ]) {
      await form.email.fill(bad);
      await form.save.click();
      await expect(form.email, bad).toHaveAccessibleDescription(
        'Inserisci un indirizzo email valido',
      );
    }
    await form.email.fill('name@example.it');
    await form.fill({
      username: uid('val'),
      password: 'first-password',
      confirmPassword: 'other-password',
    });
    await form.save.click();
    await expect(form.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.confirmPassword).toHaveAccessibleDescription('Le password non coincidono');
    await expect(page).toHaveURL(/\/user$/);
  });

  test('create: "Utente creato!", back to the list, and the user can sign in', async ({
    page,
    signIn,
    people,
    admin,
  }) => {
    await signIn();
    const username = uid('created');
    people.forget(username);
    const form = new UserFormPage(page);
    await form.gotoNew();
    await form.fill({
      username,
      email: `${username}@example.com`,
      password: 'created-password',
      confirmPassword: 'created-password',
    });
    await form.save.click();
    await expect(new Shell(page).snackbar('Utente creato!')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    const users = new UsersPage(page);
    const row = await users.findRow(username);
    await expect(row).toContainText(`${username}@example.com`);
    const created = (await admin.users()).find((u) => u.username === username);
    expect(created?.role).toBe('EMPLOYEE');
    expect((await login(username, 'created-password')).username).toBe(username);
  });

  test('edit: "Nuova password", blank password kept, "L\'utente {username} è stato aggiornato!"', async ({
    page,
    signIn,
    people,
    admin,
  }) => {
    const user = await people.create();
    await signIn();
    const users = new UsersPage(page);
    await users.goto();
    await users.findRow(user.username);
    await users.editButton(user.username).click();
    await expect(page).toHaveURL(new RegExp(`/user/${user.id}$`));
    const form = new UserFormPage(page);
    await form.waitEditLoaded(user.username);
    await expect(form.email).toHaveValue(user.email);
    await expect(form.password).toHaveValue('');
    expect(await form.label(form.password)).toMatch(/^Nuova password/);
    // A blank password keeps the old one; the email changes.
    await form.email.fill(`changed-${user.username}@example.org`);
    await form.save.click();
    await expect(
      new Shell(page).snackbar(`L'utente ${user.username} è stato aggiornato!`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(await users.findRow(user.username)).toContainText(
      `changed-${user.username}@example.org`,
    );
    expect((await login(user.username, user.password)).id).toBe(user.id);

    // A new password must be confirmed, then replaces the old one.
    await form.gotoEdit(user.id, user.username);
    await form.fill({ password: 'brand-new-password' });
    await form.save.click();
    await expect(form.confirmPassword).toHaveAccessibleDescription('Campo obbligatorio');
    await form.fill({ confirmPassword: 'brand-new-password' });
    await form.save.click();
    await expect(page).toHaveURL(/\/users$/);
    expect((await login(user.username, 'brand-new-password')).id).toBe(user.id);
    expect((await admin.users()).find((u) => u.id === user.id)?.email).toBe(
      `changed-${user.username}@example.org`,
    );
  });

  test('edit: Cancel returns to /users without saving', async ({ page, signIn, people, admin }) => {
    const user = await people.create();
    await signIn();
    const form = new UserFormPage(page);
    await form.gotoEdit(user.id, user.username);
    await form.email.fill('never-saved@example.com');
    await form.cancel.click();
    await expect(page).toHaveURL(/\/users$/);
    expect((await admin.users()).find((u) => u.id === user.id)?.email).toBe(user.email);
  });

  test('a duplicate username says "Username già in uso" and stays on the form', async ({
    page,
    signIn,
    people,
  }) => {
    const existing = await people.create();
    await signIn();
    const form = new UserFormPage(page);
    await form.gotoNew();
    await form.fill({
      username: existing.username,
      email: `other-${existing.username}@example.com`,
      password: 'some-password',
      confirmPassword: 'some-password',
    });
    await form.save.click();
    await expect(form.username).toHaveAccessibleDescription('Username già in uso');
    await expect(new Shell(page).snackbar('Username già in uso')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);
  });
});

test.describe('user deletion (docs/console.md, §8)', () => {
  test('confirmation, "L\'utente è stato eliminato!", the row disappears', async ({
    page,
    signIn,
    people,
    admin,
  }) => {
    const user = await people.create();
    await signIn();
    const users = new UsersPage(page);
    await users.goto();
    await users.findRow(user.username);
    const shell = new Shell(page);

    // Cancelling keeps the user.
    await users.deleteButton(user.username).click();
    let dialog = shell.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(users.row(user.username)).toBeVisible();

    await users.deleteButton(user.username).click();
    dialog = shell.dialog();
    await expect(dialog.getByRole('heading', { name: 'Attenzione!' })).toBeVisible();
    await expect(dialog).toContainText("Sei sicuro di voler eliminare l'utente?");
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    const done = shell.snackbar("L'utente è stato eliminato!");
    await expect(done).toBeVisible();
    // A filled success alert (docs/console.md Snackbar), closed by a click elsewhere.
    await expect(done).toHaveClass(/MuiAlert-filled( |$)/);
    await expect(done).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(users.row(user.username)).toHaveCount(0);
    await users.heading.click();
    await expect(done).toBeHidden();
    expect((await admin.users()).some((u) => u.id === user.id)).toBe(false);
  });
});
