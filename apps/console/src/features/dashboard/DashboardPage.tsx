import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectAudioEnabled } from '../../store/alarmSlice.js';
import { LiveScope } from '../../widgets/live/LiveScope.js';
import { useGetDevicesQuery } from '../../entities/devices/deviceEndpoints.js';
import { DeviceBoard } from './DeviceBoard.js';
import { TechnicalAlarmList } from '../devices/TechnicalAlarmList.js';
import { LiveStatusChip } from './LiveStatusChip.js';
import { PromptBanner } from './PromptBanner.js';

/**
 * The SOS dashboard (docs/console.md), inside its live channel: its subscription to the layout's
 * one connection, which with the alarm runs on every page (LiveScope). The list loads and
 * the channel runs from the start, so the grid is current the moment the first click
 * enables audio and shows it.
 */
export default function DashboardPage() {
  return (
    <LiveScope>
      <Dashboard />
    </LiveScope>
  );
}

/** A list younger than this (s) is not loaded again when the dashboard opens. */
const RELOAD_AFTER_S = 5;

function Dashboard() {
  const audioOn = useAppSelector(selectAudioEnabled);
  // Reloaded on a visit: events missed while away are not replayed into a cached list. Not
  // when the list landed under RELOAD_AFTER_S ago: right after sign-in the layout's load has
  // just landed, and a second one is 17.9 MB to parse and sort again at 100,000 devices.
  const { loading, failed, refetch } = useGetDevicesQuery(undefined, {
    refetchOnMountOrArgChange: RELOAD_AFTER_S,
    selectFromResult: ({ isFetching, isError }) => ({ loading: isFetching, failed: isError }),
  });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          <FormattedMessage id="dashboard.title" />
        </Typography>
        {audioOn && <LiveStatusChip />}
      </Stack>
      {audioOn ? (
        <>
          <TechnicalAlarmList />
          <DeviceBoard loading={loading} failed={failed} retry={() => void refetch()} />
        </>
      ) : (
        <>
          <PromptBanner />
          <Alert severity="info" icon={<VolumeUpIcon />}>
            <FormattedMessage id="dashboard.enableAudio" />
          </Alert>
        </>
      )}
    </Stack>
  );
}
