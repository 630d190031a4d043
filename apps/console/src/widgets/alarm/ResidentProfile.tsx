import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { useGetProfileQuery } from '../../entities/devices/healthApi.js';

/** A phone number as a tel: link (spaces and punctuation dropped from the address). */
function Phone({ phone }: { phone: string }) {
  return (
    <Link href={`tel:${phone.replace(/[^+0-9]/g, '')}`} dir="ltr">
      {phone}
    </Link>
  );
}

function Row({ label, children }: { label: MessageId; children: React.ReactNode }) {
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" color="text.secondary" sx={{ me: 1 }}>
        <FormattedMessage id={label} />:
      </Typography>{' '}
      {children}
    </Typography>
  );
}

/**
 * The person behind a device, read-only (docs/alarm-handling.md), for every operator: the SOS detail
 * embeds it. Shows nothing while loading or when no profile was written. `withoutPhones`:
 * the phone and the contacts are shown elsewhere (the SOS detail's call-out, docs/call-out.md).
 */
export function ResidentProfile({
  deviceId,
  withoutPhones = false,
}: {
  deviceId: number;
  withoutPhones?: boolean;
}) {
  const { data } = useGetProfileQuery(deviceId);
  if (!data) return null;
  const { residentName, address, notes } = data;
  const phone = withoutPhones ? null : data.phone;
  const contacts = withoutPhones ? [] : data.contacts;
  if (!residentName && !address && !phone && !notes && contacts.length === 0) return null;
  return (
    <Stack spacing={0.5} data-testid="resident-profile">
      <Typography variant="subtitle2" component="h3">
        <FormattedMessage id="health.profile" />
      </Typography>
      {residentName && <Row label="health.name">{residentName}</Row>}
      {address && <Row label="health.address">{address}</Row>}
      {phone && (
        <Row label="health.phone">
          <Phone phone={phone} />
        </Row>
      )}
      {notes && (
        <Row label="health.notes">
          <span style={{ whiteSpace: 'pre-wrap' }}>{notes}</span>
        </Row>
      )}
      {contacts.length > 0 && (
        <Row label="health.contacts">
          {contacts.map((c, i) => (
            <span key={i} style={{ display: 'block' }}>
              {c.name}
              {c.relation && ` (${c.relation})`}
              {c.phone && (
                <>
                  {' '}
                  <Phone phone={c.phone} />
                </>
              )}
            </span>
          ))}
        </Row>
      )}
    </Stack>
  );
}
