import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `/sos?sos=<id>&device=<deviceId>`, the address a push notification opens (docs/push.md):
 * opens that device's SOS detail once, then drops the parameters, so a reload or "Indietro"
 * does not bring the detail back. (useLocation, not useSearchParams: that one would add
 * react-router's search-params code to the /login chunk.)
 */
function useDetailLink(open: (deviceId: number) => void) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const device = new URLSearchParams(search).get('device');
  useEffect(() => {
    if (device === null) return;
    const id = Number(device);
    if (Number.isSafeInteger(id) && id > 0) open(id);
    void navigate(pathname, { replace: true });
  }, [device, open, navigate, pathname]);
}

/** The hook as a component: the dashboard's component tests render the board with no router. */
export function DetailLink({ open }: { open: (deviceId: number) => void }) {
  useDetailLink(open);
  return null;
}
