import Typography from '@mui/material/Typography';
import type { AlarmKind, Sos } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format.js';
import { bodyLine } from './cardStyles.js';
import { realertSx } from './alertCardStyles.js';

/**
 * An alert card's first line: when the SOS was opened or, after a further alarm nobody has
 * taken charge of since, "Nuovo allarme: Incendio" (docs/alarm-handling.md, "Re-alert") in
 * its place, as high, so the grid's arithmetic holds.
 */
export function AlertFirstLine({ sos, realert }: { sos: Sos; realert: AlarmKind | undefined }) {
  const intl = useIntl();
  if (realert)
    return (
      <Typography variant="body2" sx={realertSx} data-testid="sos-realerted">
        <FormattedMessage
          id="dashboard.realerted"
          values={{ kind: intl.formatMessage({ id: `kind.${realert}` }) }}
        />
      </Typography>
    );
  return (
    <Typography variant="body2" sx={bodyLine}>
      <FormattedMessage
        id="dashboard.sosOpenedAt"
        values={{
          // dir isolates the date inside right-to-left text: it still reads DD/MM/YYYY HH:mm.
          time: (
            <time dateTime={sos.dateCreated} dir="ltr">
              {formatDateTime(sos.dateCreated)}
            </time>
          ),
        }}
      />
    </Typography>
  );
}
