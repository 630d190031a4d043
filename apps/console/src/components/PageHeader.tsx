import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messageId.js';

/** A screen's title (its one h1) and, beside it, its main actions. */
export function PageHeader({ title, children }: { title: MessageId; children?: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="h1">
        <FormattedMessage id={title} />
      </Typography>
      {children}
    </Stack>
  );
}
