import type { GridPaginationModel } from '@mui/x-data-grid';
import { useRef, useState } from 'react';
import { TABLE_PAGE_SIZE } from './table';

/**
 * A DataGrid paged on the server: the page to ask for (1-based), a way back to the first page when a filter changes,
 * and the grid's props for the total the server answered. The grid keeps its page count while the next page loads;
 * it neither sorts nor filters (that would reorder one page of the server's order) and grows with its rows.
 */
export function useServerPagination() {
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: TABLE_PAGE_SIZE });
  const rowCount = useRef(0);
  return {
    page: model.page + 1,
    pageSize: model.pageSize,
    toFirstPage: () => setModel((current) => ({ ...current, page: 0 })),
    gridProps: (total: number | undefined) => {
      if (total !== undefined) rowCount.current = total;
      return {
        rowCount: rowCount.current,
        paginationMode: 'server' as const,
        paginationModel: model,
        onPaginationModelChange: setModel,
        disableColumnFilter: true,
        disableColumnSorting: true,
        disableRowSelectionOnClick: true,
        autoHeight: true,
      };
    },
  };
}
