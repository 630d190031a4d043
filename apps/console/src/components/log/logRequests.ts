/** Drops unset filters, so the URL carries only what the user chose. */
const logParams = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );

/** A page of a paged log (docs/console.md "Logs"): its URL and the filters the user set. */
export const logPageRequest = (url: string, query: object) => ({ url, params: logParams(query) });

/**
 * A log's CSV export with the same filters. The bearer header rules out a plain link: fetch,
 * then hand the browser a blob (an object URL the caller revokes); an error stays JSON.
 */
export const logCsvRequest = (url: string, filter: object) => ({
  url,
  params: logParams(filter),
  responseHandler: async (response: Response) =>
    response.ok
      ? URL.createObjectURL(await response.blob())
      : (response.json() as Promise<unknown>),
});
