import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ExportFormat, ExportLanguage } from '@sos/contract';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../store/hooks.js';
import { selectLocale } from '../i18n/languageSlice.js';

/** Hands the browser a blob URL as a download, then frees it. */
function download(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What an export asks the server for: the format, and the reader's language for `excel`. */
export interface ExportChoice {
  format: ExportFormat;
  lang: ExportLanguage;
}

interface ExportMenuProps {
  /** The file's name before the date: `sos-history`, `audit-log`. */
  name: string;
  loading: boolean;
  /**
   * Fetches the export with these query parameters (none for the plain CSV, whose request stays
   * as it was); a blob URL, or undefined when it failed (the snackbar says why).
   */
  run: (choice: Partial<ExportChoice>) => Promise<string | undefined>;
}

/**
 * "Esporta CSV" (docs/alarm-handling.md "Exports"): a menu of "CSV" (RFC 4180, codes, UTC) and
 * "CSV per Excel" (";", local times, the console's language), for the history and the audit log.
 */
export function ExportMenu({ name, loading, run }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = useAppSelector(selectLocale);
  const menuId = useId();
  const choose = async (format: ExportFormat) => {
    setAnchor(null);
    const url = await run(format === 'excel' ? { format, lang } : {});
    const day = new Date().toISOString().slice(0, 10);
    if (url) download(url, `${name}-${day}${format === 'excel' ? '-excel' : ''}.csv`);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        loading={loading}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
      >
        <FormattedMessage id="report.exportCsv" />
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void choose('csv')}>
          <FormattedMessage id="report.csv" />
        </MenuItem>
        <MenuItem onClick={() => void choose('excel')}>
          <FormattedMessage id="report.csvExcel" />
        </MenuItem>
      </Menu>
    </>
  );
}
