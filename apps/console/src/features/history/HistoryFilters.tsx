import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SosOutcome } from '@sos/contract';
import { SOS_OUTCOMES } from '@sos/contract/limits';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DateRangeFields } from '../../components/DateRangeFields.js';
import { useFilterDevices } from './useFilterDevices.js';

/** The history's filters (docs/alarm-handling.md): raise days, outcome, device; '' means any. */
export interface HistoryFilter {
  from: string;
  to: string;
  outcome: SosOutcome | 'NONE' | '';
  deviceId: number | '';
}

export const NO_FILTER: HistoryFilter = { from: '', to: '', outcome: '', deviceId: '' };

/** The filter as the API's query: unset ones left out. */
export const filterQuery = (filter: HistoryFilter) => ({
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  ...(filter.outcome ? { outcome: filter.outcome } : {}),
  ...(filter.deviceId ? { deviceId: filter.deviceId } : {}),
});

/** A select whose empty value, "Tutti", means no filter. */
function FilterSelect({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <TextField
      select
      size="small"
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={false}
      margin="none"
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{intl.formatMessage({ id: 'report.all' })}</MenuItem>
      {children}
    </TextField>
  );
}

export function HistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilter;
  onChange: (next: HistoryFilter) => void;
}) {
  const intl = useIntl();
  const devices = useFilterDevices();
  return (
    <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <FilterSelect
        name="outcome"
        label={intl.formatMessage({ id: 'report.outcome' })}
        value={value.outcome}
        onChange={(outcome) => onChange({ ...value, outcome: outcome as SosOutcome | 'NONE' | '' })}
      >
        {SOS_OUTCOMES.map((outcome) => (
          <MenuItem key={outcome} value={outcome}>
            {intl.formatMessage({ id: `outcome.${outcome}` })}
          </MenuItem>
        ))}
        {/* Closed without an outcome (docs/alarm-handling.md): the server's NONE. */}
        <MenuItem value="NONE">{intl.formatMessage({ id: 'alarm.noOutcome' })}</MenuItem>
      </FilterSelect>
      <FilterSelect
        name="deviceId"
        label={intl.formatMessage({ id: 'history.device' })}
        value={value.deviceId}
        onChange={(id) => onChange({ ...value, deviceId: id === '' ? '' : Number(id) })}
      >
        {devices.map((device) => (
          <MenuItem key={device.id} value={device.id}>
            {device.displayName}
          </MenuItem>
        ))}
      </FilterSelect>
    </Stack>
  );
}
