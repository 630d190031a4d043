import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { HISTORY_HIDDEN_COLUMNS } from './useHistoryColumns.js';

/** Where this browser keeps the history's columns an operator chose to see or hide. */
const HISTORY_COLUMNS_KEY = 'history-columns';

/** The stored choice over the defaults; anything we did not write reads as no choice. */
function storedChoice(): GridColumnVisibilityModel {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(HISTORY_COLUMNS_KEY) ?? 'null');
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return HISTORY_HIDDEN_COLUMNS;
    const choice = Object.entries(value).filter(([, shown]) => typeof shown === 'boolean');
    return {
      ...HISTORY_HIDDEN_COLUMNS,
      ...(Object.fromEntries(choice) as GridColumnVisibilityModel),
    };
  } catch {
    return HISTORY_HIDDEN_COLUMNS;
  }
}

/**
 * The history's shown columns ("Gestisci colonne", docs/shift.md "Smaller points"): the three
 * wide ones hidden by default, and an operator's choice kept across visits and sign-ins.
 */
export function useColumnChoice() {
  const [columnVisibilityModel, setModel] = useState(storedChoice);
  const onColumnVisibilityModelChange = useCallback((model: GridColumnVisibilityModel) => {
    // The grid leaves a shown column out of its model ("show all" is {}): stored as shown, or
    // the default would hide it again at the next visit.
    const shown = Object.fromEntries(Object.keys(HISTORY_HIDDEN_COLUMNS).map((f) => [f, true]));
    const choice = { ...shown, ...model };
    setModel(choice);
    localStorage.setItem(HISTORY_COLUMNS_KEY, JSON.stringify(choice));
  }, []);
  return { columnVisibilityModel, onColumnVisibilityModelChange };
}
