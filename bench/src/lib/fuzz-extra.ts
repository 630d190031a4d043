import type { FuzzRequest } from './openapi-fuzz.js';

/**
 * What the OpenAPI document does not list but a client can still reach: health, metrics
 * (with the right token, a wrong one, none), the console's pages and files, and hostile
 * paths. `expect2xx`: the operations that must answer 2xx at least once.
 */
export function extraCalls(
  metricsToken: string,
): { operation: string; call: FuzzRequest; expect2xx: boolean }[] {
  const get = (path: string, headers: Record<string, string> = {}): FuzzRequest => ({
    method: 'GET',
    path,
    query: {},
    headers,
    body: undefined,
  });
  const calls: { operation: string; call: FuzzRequest; expect2xx: boolean }[] = [];
  for (const path of ['/healthz', '/readyz'])
    calls.push({ operation: `GET ${path}`, call: get(path), expect2xx: true });
  calls.push({
    operation: 'GET /metrics',
    call: get('/metrics', { authorization: `Bearer ${metricsToken}` }),
    expect2xx: true,
  });
  const refused: Record<string, string>[] = [
    {},
    { authorization: 'Bearer wrong' },
    { authorization: 'Basic x' },
  ];
  for (const headers of refused)
    calls.push({
      operation: 'GET /metrics (refused)',
      call: get('/metrics', headers),
      expect2xx: false,
    });
  const pages = ['/', '/login', '/sos', '/users', '/user', '/user/2', '/sos/history', '/sos/stats'];
  pages.push(
    '/settings',
    '/devices/deleted',
    '/audit',
    '/alarm.mp3',
    '/favicon.ico',
    '/index.html',
  );
  for (const path of pages)
    calls.push({ operation: 'GET <console page>', call: get(path), expect2xx: true });
  const hostilePaths = [
    '/..%2f..%2fetc%2fpasswd',
    '/%00',
    '/api/../../etc/passwd',
    '/api/%ff',
    '/' + 'a'.repeat(4000),
    '/sos?x=' + '%'.repeat(100),
    '/assets/..%5c..%5cpackage.json',
    '/api/sos/realTime/../../device/getAll',
  ];
  for (const path of hostilePaths)
    calls.push({ operation: 'GET <hostile path>', call: get(path), expect2xx: false });
  return calls;
}
