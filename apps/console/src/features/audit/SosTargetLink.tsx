import Link from '@mui/material/Link';

/**
 * "SOS #id" in the audit log's grid: a button drawn as a link that opens the SOS. The grid's
 * keyboard reaches it as a cell; a click on it is not a row click.
 */
export function SosTargetLink({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {label}
    </Link>
  );
}
