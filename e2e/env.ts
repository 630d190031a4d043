/** The end-to-end server's fixed settings (a fresh embedded database each run). */
export const E2E = {
  port: 8181,
  baseURL: 'http://127.0.0.1:8181',
  admin: { username: 'admin', password: 'e2e-admin-password' },
  apiKey: 'e2e-device-key',
} as const;
