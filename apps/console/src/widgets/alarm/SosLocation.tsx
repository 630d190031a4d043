import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SosLocation as Location } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';

/** OpenStreetMap at street level, the SOS's position marked. */
const mapUrl = ({ lat, lon }: Location) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/** Where the device was when it raised the SOS: coordinates, accuracy, a map link. */
export function SosLocation({ location }: { location: Location | null }) {
  const intl = useIntl();
  if (!location) {
    return (
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="alarm.noLocation" />
      </Typography>
    );
  }
  const coordinates = `${location.lat.toFixed(5)}, ${location.lon.toFixed(5)}`;
  return (
    <Typography variant="body2" component="div">
      {/* Coordinates read left to right in every language. */}
      <bdi dir="ltr">{coordinates}</bdi>
      {location.accuracyM !== null && (
        <>
          {' '}
          <bdi dir="ltr">
            {intl.formatMessage({ id: 'alarm.accuracy' }, { m: Math.round(location.accuracyM) })}
          </bdi>
        </>
      )}
      {' · '}
      <Link href={mapUrl(location)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="alarm.openMap" />
      </Link>
    </Typography>
  );
}
