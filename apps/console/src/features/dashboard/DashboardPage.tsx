import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useAlarm } from '../alarm/useAlarm.js';
import { useAudioUnlock } from '../alarm/useAudioUnlock.js';
import { useHiddenTabAlerts } from '../alarm/useHiddenTabAlerts.js';
import { useLiveStream } from '../live/useLiveStream.js';
import { useGetDevicesQuery } from './deviceEndpoints.js';
import { DeviceBoard } from './DeviceBoard.js';
import { LiveStatusChip } from './LiveStatusChip.js';

/**
 * The SOS dashboard (spec §2). The list loads and the live channel runs from the start,
 * so the grid is current the moment the first click enables audio and shows it. The
 * channel opens once the list has loaded, from the last event the list includes (DESIGN
 * §7): an SOS raised between the two is replayed, never lost.
 */
export default function DashboardPage() {
  const audioOn = useAudioUnlock();
  // Reloaded on every visit: events missed while away are not replayed into a cached list.
  const { loading, failed, refetch, resumeFrom } = useGetDevicesQuery(undefined, {
    refetchOnMountOrArgChange: true,
    selectFromResult: ({ isFetching, isError, data }) => ({
      loading: isFetching,
      failed: isError,
      resumeFrom: isFetching ? undefined : data ? data.lastEventId : isError ? null : undefined,
    }),
  });
  useLiveStream(resumeFrom);
  useAlarm();
  useHiddenTabAlerts(audioOn);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          <FormattedMessage id="dashboard.title" />
        </Typography>
        {audioOn && <LiveStatusChip />}
      </Stack>
      {audioOn ? (
        <DeviceBoard loading={loading} failed={failed} retry={() => void refetch()} />
      ) : (
        <Alert severity="info" icon={<VolumeUpIcon />}>
          <FormattedMessage id="dashboard.enableAudio" />
        </Alert>
      )}
    </Stack>
  );
}
