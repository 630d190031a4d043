import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { FormattedMessage } from 'react-intl';
import { useGetClosedSosQuery } from '../../entities/sos/closedSosApi.js';
import { selectDeviceById, selectOrder } from '../../entities/devices/devicesSlice.js';
import { useAppSelector } from '../../store/hooks.js';
import { SosDetailDialog } from '../../widgets/alarm/SosDetailDialog.js';

/** The device whose open SOS this is, if it is open on the board. */
function useOpenSosDevice(sosId: number): number | undefined {
  return useAppSelector((state) => {
    for (const id of selectOrder(state)) {
      const sos = selectDeviceById(state, id)?.lastSos;
      if (sos?.id === sosId && sos.state === 'OPEN') return id;
    }
    return undefined;
  });
}

/**
 * The audit log's "SOS #id" opened (docs/audit.md): the live detail while it is open, the
 * read-only one once closed, a word when it no longer exists (its device's data erased).
 */
export function AuditSosDialog({ sosId, onClose }: { sosId: number; onClose: () => void }) {
  const deviceId = useOpenSosDevice(sosId);
  const { data: closed, isFetching } = useGetClosedSosQuery(sosId, {
    skip: deviceId !== undefined,
    refetchOnMountOrArgChange: true,
  });
  if (deviceId !== undefined) return <SosDetailDialog deviceId={deviceId} onClose={onClose} />;
  if (closed) return <SosDetailDialog closed={closed} onClose={onClose} />;
  if (isFetching || closed === undefined) return null;
  return (
    <Dialog open onClose={onClose}>
      <DialogContent>
        <FormattedMessage id="audit.sosGone" values={{ id: sosId }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="alarm.back" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
