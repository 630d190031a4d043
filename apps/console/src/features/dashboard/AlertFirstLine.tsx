import Typography from '@mui/material/Typography';
import type { AlarmKind, Sos } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format.js';
import { bodyLine } from './cardStyles.js';
import { realertSx } from './alertCardStyles.js';

/**
 * An alert card's first lines: after a further alarm nobody has taken charge of since,
 * "Nuovo allarme: Incendio" (docs/alarm-handling.md, "Re-alert"); then, always, when the SOS
 * was opened, so the age under it ("da 0 min") never reads as the new alarm's. The re-alert's
 * line is one line more than the grid's least height: the grid measures that card
 * (cardHeights.ts).
 */
export function AlertFirstLine({ sos, realert }: { sos: Sos; realert: AlarmKind | undefined }) {
  const intl = useIntl();
  return (
    <>
      {realert && (
        <Typography variant="body2" sx={realertSx} data-testid="sos-realerted">
          <FormattedMessage
            id="dashboard.realerted"
            values={{ kind: intl.formatMessage({ id: `kind.${realert}` }) }}
          />
        </Typography>
      )}
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
    </>
  );
}
