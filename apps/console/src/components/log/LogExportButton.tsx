import { ExportMenu, type ExportChoice } from '../ExportMenu.js';

/** An export endpoint's mutation hook: a blob URL, or no data when it failed. */
export type UseLogExport<Q> = () => readonly [
  (query: Q & Partial<ExportChoice>) => PromiseLike<{ data?: string | undefined }>,
  { isLoading: boolean },
];

/** "Esporta CSV": a log with the filters on screen, as CSV or for Excel (errors reach the snackbar). */
export function LogExportButton<Q>({
  name,
  query,
  useExport,
}: {
  /** The file's name before the date: `sos-history`, `audit-log`. */
  name: string;
  query: Q;
  useExport: UseLogExport<Q>;
}) {
  const [exportCsv, { isLoading }] = useExport();
  return (
    <ExportMenu
      name={name}
      loading={isLoading}
      run={async (choice) => (await exportCsv({ ...query, ...choice })).data}
    />
  );
}
