import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/sos?sos=<id>&device=<deviceId>`, the address a push notification opens (docs/push.md):
 * opens that device's SOS detail once, then drops the parameters, so a reload or "Indietro"
 * does not bring the detail back.
 */
export function useDetailLink(open: (deviceId: number) => void) {
  const [params, setParams] = useSearchParams();
  const device = params.get('device');
  useEffect(() => {
    if (device === null) return;
    const id = Number(device);
    if (Number.isSafeInteger(id) && id > 0) open(id);
    setParams({}, { replace: true });
  }, [device, open, setParams]);
}
