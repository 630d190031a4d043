import Typography from '@mui/material/Typography';
import type { Sos } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { LtrText } from '../../components/LtrText.js';
import { sourcePartsText } from './deviceWords.js';

/**
 * What the SOS is about and how it reached us, in words (docs/alarm-kinds.md): "Tipo:
 * Incendio", "Origine: SIA DC-09 · codice 1110 · zona 3". The code stays as the device
 * sent it (left to right inside Arabic); the detail is the receiver's words.
 */
export function SosKind({ sos }: { sos: Pick<Sos, 'kind' | 'source'> }) {
  const intl = useIntl();
  const { protocol, code, detail, parts } = sos.source;
  // The detail in the reader's language when the server sent its parts (docs/alarm-kinds.md
  // "Device words"); older SOS have the Italian words only.
  const words = parts ? sourcePartsText(parts, intl) : detail;
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
        {words !== null && words !== '' && <> · {words}</>}
      </Typography>
    </>
  );
}
