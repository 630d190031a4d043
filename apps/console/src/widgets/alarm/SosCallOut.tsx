import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useGetProfileQuery } from '../../entities/devices/healthApi.js';
import { CallRow } from './CallRow.js';
import { calleesOf } from './callOutModel.js';
import { useGetSosTimelineQuery } from '../../entities/sos/sosHandlingApi.js';

/**
 * The call-out of an SOS (docs/call-out.md): the resident's phone first, then the contacts in
 * order, each with its last result from the (live) timeline; the next one to call stands out
 * when the previous did not answer. Nothing when the profile has no one to call.
 */
export function SosCallOut({
  sosId,
  deviceId,
  open,
  heldBy = null,
}: {
  sosId: number;
  deviceId: number;
  open: boolean;
  /** The colleague who has the SOS in charge, when not the user (CallRow asks first). */
  heldBy?: string | null;
}) {
  const titleId = useId();
  const { data: profile } = useGetProfileQuery(deviceId);
  const { data: timeline } = useGetSosTimelineQuery(sosId);
  if (!profile) return null;
  const callees = calleesOf(profile, timeline ?? []);
  if (callees.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="call-out">
      <Typography id={titleId} variant="subtitle2" component="h3" color="text.secondary">
        <FormattedMessage id="call.title" />
      </Typography>
      <Stack component="ul" aria-labelledby={titleId} spacing={1} sx={{ m: 0, p: 0 }}>
        {callees.map((callee) => (
          <CallRow key={callee.key} sosId={sosId} callee={callee} open={open} heldBy={heldBy} />
        ))}
      </Stack>
    </Stack>
  );
}
