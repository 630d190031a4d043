import Typography from '@mui/material/Typography';
import type { Sos } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { LtrText } from '../../components/LtrText.js';

/**
 * What the SOS is about and how it reached us, in words (docs/alarm-kinds.md): "Tipo:
 * Incendio", "Origine: SIA DC-09 · codice 1110 · zona 3". The code stays as the device
 * sent it (left to right inside Arabic); the detail is the receiver's words.
 */
export function SosKind({ sos }: { sos: Pick<Sos, 'kind' | 'source'> }) {
  const intl = useIntl();
  const { protocol, code, detail } = sos.source;
  return (
    <>
      <Typography variant="body2" data-testid="sos-detail-kind">
        <FormattedMessage id="kind.column" />
        {': '}
        <strong>
          <FormattedMessage id={`kind.${sos.kind}`} />
        </strong>
      </Typography>
      <Typography variant="body2" data-testid="sos-detail-source">
        <FormattedMessage id="kind.source" />
        {': '}
        {intl.formatMessage({ id: `kind.protocol.${protocol}` })}
        {code !== null && (
          <>
            {' · '}
            <FormattedMessage
              id="kind.code"
              values={{ code: <LtrText key="code">{code}</LtrText> }}
            />
          </>
        )}
        {detail !== null && <> · {detail}</>}
      </Typography>
    </>
  );
}
