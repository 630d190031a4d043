import type { GridPaginationModel } from '@mui/x-data-grid';
import { PAGE_SIZE } from '@sos/contract/limits';
import { useState } from 'react';

interface Paging<F> {
  filter: F;
  page: number;
  /** cursors[p]: the cursor that fetches page p (page 0 has none). */
  cursors: (string | undefined)[];
}

/**
 * The grid's page model over a keyset-paged API: the grid moves one page at a time, so the
 * next page's cursor is the current answer's nextCursor, and going back reuses a known one.
 * A new filter starts again at page 0.
 */
export function useCursorPages<F>(initialFilter: F) {
  const [paging, setPaging] = useState<Paging<F>>({
    filter: initialFilter,
    page: 0,
    cursors: [undefined],
  });
  return {
    filter: paging.filter,
    cursor: paging.cursors[paging.page],
    paginationModel: { page: paging.page, pageSize: PAGE_SIZE },
    setFilter: (filter: F) => setPaging({ filter, page: 0, cursors: [undefined] }),
    onPaginationModelChange: (model: GridPaginationModel, nextCursor: string | null | undefined) =>
      setPaging((current) => {
        if (model.page === current.page + 1 && nextCursor) {
          const cursors = current.cursors.slice(0, model.page);
          return { ...current, page: model.page, cursors: [...cursors, nextCursor] };
        }
        if (model.page < current.page) return { ...current, page: model.page };
        return current;
      }),
  };
}
