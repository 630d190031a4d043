import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SUPER_ADMIN, type Device } from '@sos/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useInRouterContext } from 'react-router';
import { useAppSelector } from '../../store/hooks.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { selectRole } from '../../store/authSlice.js';
import { useDeleteDeviceMutation } from '../../entities/devices/deviceEndpoints.js';
import { DeviceGrid } from './DeviceGrid.js';
import '../devices/undoRestore.js';
import { selectDeviceCount } from '../../entities/devices/devicesSlice.js';
import { DetailLink } from './DetailLink.js';
import type * as DetailModule from '../../widgets/alarm/SosDetailDialog.js';

// Its own chunk: the grid shows 10,000 devices without waiting for the detail's forms.
let detailChunk: Promise<typeof DetailModule> | null = null;
const loadDetail = () =>
  (detailChunk ??= import('../../widgets/alarm/SosDetailDialog.js').catch((error: unknown) => {
    detailChunk = null; // asked again next time
    throw error;
  }));
const SosDetailDialog = lazy(() =>
  loadDetail().then((module) => ({ default: module.SosDetailDialog })),
);

export interface DeviceListStatus {
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** The grid once audio is enabled, with its loading, failed and empty states and the delete dialog. */
export function DeviceBoard({ loading, failed, retry }: DeviceListStatus) {
  const intl = useIntl();
  const count = useAppSelector(selectDeviceCount);
  const canDelete = useAppSelector(selectRole) === SUPER_ADMIN;
  const [pending, setPending] = useState<Device | null>(null);
  const [deleteDevice, { isLoading: deleting }] = useDeleteDeviceMutation();
  // Stable, so the memoized cards are not re-rendered by the page.
  const askDelete = useCallback((device: Device) => setPending(device), []);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const openDetail = useCallback((deviceId: number) => setDetailOf(deviceId), []);
  const linked = useInRouterContext();
  // Fetched as soon as the board shows, while the server answers: a detail opened during an
  // outage later opens from memory instead of failing to load (docs/shift.md "Back after an outage").
  useEffect(() => {
    loadDetail().catch((error: unknown) => console.error('SOS detail not preloaded', error));
  }, []);

  const confirmDelete = async () => {
    if (!pending) return;
    await deleteDevice(pending.id);
    setPending(null);
  };

  if (count === 0 && loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'dashboard.loading' })} />
      </Box>
    );
  }
  return (
    <>
      {count === 0 && failed ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              <FormattedMessage id="dashboard.retry" />
            </Button>
          }
        >
          <FormattedMessage id="dashboard.loadFailed" />
        </Alert>
      ) : count === 0 ? (
        <Alert severity="info" variant="outlined">
          <FormattedMessage id="dashboard.empty" />
        </Alert>
      ) : (
        <DeviceGrid onDelete={canDelete ? askDelete : undefined} onOpen={openDetail} />
      )}
      {linked && <DetailLink open={openDetail} />}
      {detailOf !== null && (
        <Suspense fallback={null}>
          <SosDetailDialog deviceId={detailOf} onClose={() => setDetailOf(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={pending !== null}
        message="delete_device_alert_message"
        {...(pending ? { detail: pending.displayName } : {})}
        confirmLabel="delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
