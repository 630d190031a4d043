import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SosOutlined from '@mui/icons-material/SosOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Role } from '@sos/contract';
import { ROUTES } from '../../lib/routes.js';
import type { MessageId } from '../../i18n/messageId.js';

export interface SidebarEntry {
  label: MessageId;
  icon: SvgIconComponent;
  /** Who sees the entry (docs/console.md). */
  roles: readonly Role[];
  /** Where a click goes; a group without a path only expands its children. */
  path?: string;
  /** Nested entries, shown under an expandable group (docs/console.md; none used today). */
  children?: readonly SidebarEntry[];
}

const ADMIN: readonly Role[] = ['SUPER_ADMIN'];

/** docs/console.md: SOS, user management, history, settings, in this order (plus docs/alarm-handling.md's statistics). */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'nav.sos', icon: SosOutlined, path: ROUTES.sos, roles: ['SUPER_ADMIN', 'EMPLOYEE'] },
  { label: 'nav.users', icon: PeopleAltOutlined, path: ROUTES.users, roles: ADMIN },
  { label: 'nav.history', icon: HistoryOutlined, path: ROUTES.history, roles: ADMIN },
  // docs/alarm-handling.md accepted addition: 'Statistiche', after 'Storico'.
  { label: 'nav.stats', icon: InsightsOutlined, path: ROUTES.stats, roles: ADMIN },
  // An accepted addition: 'Registro attività', after 'Statistiche' (docs/audit.md).
  { label: 'nav.audit', icon: ManageSearchOutlined, path: ROUTES.audit, roles: ADMIN },
  { label: 'nav.settings', icon: SettingsOutlined, path: ROUTES.settings, roles: ADMIN },
];

/** The entries a role may see, nested ones included; no role sees nothing. */
export function entriesForRole(
  entries: readonly SidebarEntry[],
  role: Role | null,
): SidebarEntry[] {
  if (!role) return [];
  return entries
    .filter((entry) => entry.roles.includes(role))
    .map((entry) =>
      entry.children ? { ...entry, children: entriesForRole(entry.children, role) } : entry,
    );
}
