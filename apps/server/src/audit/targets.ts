/** The audit targets, labelled as the log shows them (docs/audit.md). */
export const userTarget = (user: { id: number; username: string }) =>
  ({ type: 'USER', id: user.id, label: user.username }) as const;

export const deviceTarget = (device: { id: number; name: string }) =>
  ({ type: 'DEVICE', id: device.id, label: device.name }) as const;

export const sosTarget = (id: number) => ({ type: 'SOS', id, label: `SOS #${id}` }) as const;

export const confTarget = (setting: 'apiKey' | 'alarm') =>
  ({ type: 'CONF', id: setting, label: setting }) as const;
