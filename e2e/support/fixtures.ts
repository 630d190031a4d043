import { test as base, expect, type Page } from '@playwright/test';
import type { AuthResponse, Device, Employee, Role } from '@sos/contract';
import { E2E } from '../env.js';
import { AdminApi, ApiError, login } from './api.js';
import { registerDevice, type SimDevice } from './devices.js';
import { uid } from './unique.js';

export { expect };

interface TestUser extends Employee {
  password: string;
}

/** Creates users and deletes them after the test. */
interface People {
  create(options?: { role?: Role; username?: string }): Promise<TestUser>;
  /** Users created some other way (the UI) that the test wants removed afterwards. */
  forget(username: string): void;
}

/** Registers devices through the device API and deletes them after the test. */
export interface Fleet {
  add(displayName?: string): Promise<{ sim: SimDevice; device: Device }>;
  /** A device registered some other way that the test wants removed afterwards. */
  forget(id: number): void;
}

export interface Preferences {
  language?: 'it' | 'en' | 'es' | 'fr' | 'de' | 'ar';
  theme?: 'light' | 'dark';
}

/** What the console keeps in localStorage for a session (docs/console.md). */
export function sessionStorageItems(auth: AuthResponse): Record<string, string> {
  return {
    token: auth.access_token,
    token_exp: String(auth.expires_at),
    refresh_token: auth.refresh_token,
    refresh_token_exp: String(auth.refresh_expires_at),
    id: String(auth.id),
    role: auth.role,
    username: auth.username,
  };
}

/**
 * Puts items in the page's localStorage before its first script runs, once per tab, so
 * that a later logout or change by the console is not undone on the next navigation.
 */
let seeds = 0;
export async function seedStorage(page: Page, items: Record<string, string>): Promise<void> {
  seeds += 1;
  await page.addInitScript(
    ({ origin, items, guard }) => {
      if (location.origin !== origin || sessionStorage.getItem(guard)) return;
      sessionStorage.setItem(guard, '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    },
    { origin: E2E.baseURL, items, guard: `e2e-seeded-${seeds}` },
  );
}

interface Fixtures {
  people: People;
  fleet: Fleet;
  /** Signs the page in (through the API, not the form) as admin or as a given user. */
  signIn: (
    who?: { username: string; password: string },
    prefs?: Preferences,
  ) => Promise<AuthResponse>;
  /** A fresh EMPLOYEE, signed in on the page. */
  signInAsEmployee: (prefs?: Preferences) => Promise<TestUser>;
}

const ignoreGone = (error: unknown) => {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return;
  throw error;
};

export const test = base.extend<Fixtures, { admin: AdminApi }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  admin: [async ({}, use) => use(new AdminApi()), { scope: 'worker' }],

  people: async ({ admin }, use) => {
    const created: string[] = [];
    await use({
      async create({ role = 'EMPLOYEE', username = uid('user') } = {}) {
        const password = `pw-${uid('secret')}`;
        const user = await admin.createUser({
          username,
          email: `${username}@example.com`,
          password,
          role,
        });
        created.push(user.username);
        return { ...user, password };
      },
      forget: (username) => void created.push(username),
    });
    const users = await admin.users();
    for (const user of users.filter((u) => created.includes(u.username))) {
      await admin.deleteUser(user.id).catch(ignoreGone);
    }
  },

  fleet: async ({ admin }, use) => {
    const created: number[] = [];
    await use({
      async add(displayName = uid('Device')) {
        const registered = await registerDevice(displayName);
        created.push(registered.device.id);
        return registered;
      },
      forget: (id) => void created.push(id),
    });
    // Keeps the dashboard short for the next tests (a deleted device leaves its history).
    for (const id of created) await admin.deleteDevice(id).catch(ignoreGone);
  },

  signIn: async ({ page }, use) => {
    await use(async (who = E2E.admin, prefs = {}) => {
      const auth = await login(who.username, who.password);
      const items = sessionStorageItems(auth);
      if (prefs.language) items.language = prefs.language;
      if (prefs.theme) items['current-theme'] = prefs.theme;
      await seedStorage(page, items);
      return auth;
    });
  },

  signInAsEmployee: async ({ people, signIn }, use) => {
    await use(async (prefs) => {
      const user = await people.create({ role: 'EMPLOYEE' });
      await signIn(user, prefs);
      return user;
    });
  },
});
