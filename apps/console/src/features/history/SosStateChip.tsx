import Chip from '@mui/material/Chip';
import type { SosState } from '@sos/contract';

/** An SOS state at a glance: open ones in alert red, closed ones quiet. */
export function SosStateChip({ state, label }: { state: SosState; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={state === 'OPEN' ? 'error' : 'success'}
      variant={state === 'OPEN' ? 'filled' : 'outlined'}
    />
  );
}
