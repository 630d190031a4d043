import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Role, UserForm as UserValues } from '@sos/contract';
import { useController, type Control } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';

const ROLE_LABELS: Record<Role, MessageId> = {
  EMPLOYEE: 'shift.roleEmployee',
  SUPER_ADMIN: 'shift.roleSuperAdmin',
};

/**
 * "Ruolo" (docs/shift.md): Operatore or Super amministratore. Disabled on one's own
 * account: the server refuses a change of one's own role (OWN_ROLE).
 */
export function RoleField({
  control,
  disabled,
}: {
  control: Control<UserValues>;
  disabled: boolean;
}) {
  const intl = useIntl();
  const { field } = useController({ name: 'role', control });
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label={intl.formatMessage({ id: 'shift.role' })}
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
    >
      {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
        <MenuItem key={role} value={role}>
          {intl.formatMessage({ id: ROLE_LABELS[role] })}
        </MenuItem>
      ))}
    </TextField>
  );
}
