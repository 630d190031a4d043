import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTIONS, type AuditAction } from '@sos/contract';
import { useIntl } from 'react-intl';
import { DateRangeFields } from '../../components/DateRangeFields.js';

/** The log's filters: days, a username (any case), an action; '' means any. */
export interface AuditFilter {
  from: string;
  to: string;
  actor: string;
  action: AuditAction | '';
}

export const NO_AUDIT_FILTER: AuditFilter = { from: '', to: '', actor: '', action: '' };

/** The filter as the API's query: unset ones left out. */
export const auditFilterQuery = (filter: AuditFilter) => ({
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  ...(filter.actor.trim() ? { actor: filter.actor.trim() } : {}),
  ...(filter.action ? { action: filter.action } : {}),
});

export function AuditFilters({
  value,
  onChange,
}: {
  value: AuditFilter;
  onChange: (next: AuditFilter) => void;
}) {
  const intl = useIntl();
  return (
    <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <TextField
        size="small"
        name="actor"
        label={intl.formatMessage({ id: 'audit.actor' })}
        value={value.actor}
        onChange={(event) => onChange({ ...value, actor: event.target.value })}
        fullWidth={false}
        margin="none"
        sx={{ width: 200 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 120 } }}
      />
      <TextField
        select
        size="small"
        name="action"
        label={intl.formatMessage({ id: 'audit.action' })}
        value={value.action}
        onChange={(event) => onChange({ ...value, action: event.target.value as AuditAction | '' })}
        fullWidth={false}
        margin="none"
        sx={{ minWidth: 260 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{intl.formatMessage({ id: 'report.all' })}</MenuItem>
        {AUDIT_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {intl.formatMessage({ id: `auditAction.${action}` })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
