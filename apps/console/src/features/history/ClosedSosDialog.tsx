import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Sos } from '@sos/contract';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { formatDateTimeSeconds } from '../../lib/format.js';
import { ResidentProfile } from '../../widgets/alarm/ResidentProfile.js';
import { SosLocation } from '../../widgets/alarm/SosLocation.js';
import { SosKind } from '../../widgets/alarm/SosKind.js';
import { SosStatus } from '../../widgets/alarm/SosStatus.js';
import { SosTimeline } from '../../widgets/alarm/SosTimeline.js';

function Section({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        <FormattedMessage id={title} />
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * A closed SOS, opened from its history row (docs/shift.md): the detail's content, read
 * only — device with its kind and origin, resident, timeline with its notes and calls,
 * outcome — and no action.
 */
export function ClosedSosDialog({ sos, onClose }: { sos: Sos; onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const closer = sos.closedBy?.username;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>
        <FormattedMessage id="alarm.detail" />
        <Typography
          component="span"
          variant="h6"
          sx={{ display: 'block', overflowWrap: 'break-word' }}
        >
          {sos.device.displayName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Section title="alarm.device">
            <Typography variant="body2">{sos.device.displayName}</Typography>
            <SosStatus sos={sos} open={false} />
            {/* "Tipo" and "Origine", as the open SOS's detail says them (docs/shift.md). */}
            <SosKind sos={sos} />
          </Section>
          <Section title="alarm.location">
            <SosLocation location={sos.location} />
          </Section>
          <ResidentProfile deviceId={sos.device.id} />
          <Section title="alarm.timeline">
            <SosTimeline sosId={sos.id} />
          </Section>
          <Section title="alarm.outcome">
            <Typography variant="body2">
              <FormattedMessage id={sos.outcome ? `outcome.${sos.outcome}` : 'alarm.noOutcome'} />
              {closer && (
                <>
                  {' · '}
                  <FormattedMessage id="alarm.by" values={{ username: closer }} />
                </>
              )}
              {' · '}
              <bdi dir="ltr">{formatDateTimeSeconds(sos.lastUpdated)}</bdi>
            </Typography>
            {sos.note && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {sos.note}
              </Typography>
            )}
          </Section>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="alarm.back" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
