import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { arSD, deDE, enUS, esES, frFR, itIT } from '@mui/x-data-grid/locales';
import { PAGE_SIZE } from '@sos/contract/limits';
import { useAppSelector } from '../store/hooks.js';
import { selectLocale } from '../i18n/languageSlice.js';
import type { Locale } from '../i18n/locales.js';

// The grid's own texts per language; kept here (not in the theme) so that only the
// screens with a grid load them, with the grid.
const GRID_TEXTS: Record<Locale, typeof itIT> = {
  it: itIT,
  en: enUS,
  es: esES,
  fr: frFR,
  de: deDE,
  ar: arSD,
};

/**
 * The console's DataGrid: 20 rows per page (docs/console.md), texts in the chosen language, and
 * no eval/new Function (the console runs under a CSP without 'unsafe-eval').
 */
export function AppDataGrid<R extends GridValidRowModel>({
  initialState,
  ...props
}: DataGridProps<R>) {
  const locale = useAppSelector(selectLocale);
  return (
    // A flex column parent lets the grid take the height of its page of rows.
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <DataGrid<R>
        disableEval
        disableRowSelectionOnClick
        pageSizeOptions={[PAGE_SIZE]}
        initialState={{ ...initialState, pagination: { paginationModel: { pageSize: PAGE_SIZE } } }}
        localeText={GRID_TEXTS[locale].components.MuiDataGrid.defaultProps.localeText}
        sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '160px' }}
        {...props}
      />
    </Box>
  );
}
