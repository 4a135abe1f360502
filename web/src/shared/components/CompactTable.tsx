import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_TEXT_KEYS } from '../table';

/** One column of a CompactTable: its sort value, and how a cell shows it (the value formatted, or `render`). */
export interface CompactColumn<Row> {
  id: string;
  header: string;
  /** Numbers align right and sort descending first. */
  numeric?: boolean;
  /** The cell's width in px (the first column takes what is left). */
  width?: number;
  value: (row: Row) => string | number | null;
  format?: (value: number | null) => string;
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
}

interface CompactTableProps<Row> {
  rows: readonly Row[];
  rowId: (row: Row) => string;
  columns: CompactColumn<Row>[];
  ariaLabel: string;
  pageSize?: number;
  sx?: SxProps<Theme>;
}

/** Nulls last whichever the direction; text by the reader's collation. */
function compare(a: string | number | null, b: string | number | null, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return descending ? -order : order;
}

/**
 * A small read-only table of a widget (at most a few dozen rows, five a page): sortable headers and pages, in plain
 * table markup. The dashboards draw several at once, and a DataGrid each (its virtualization, observers and hundreds
 * of styled elements) made most of Home's first render for lists of five rows.
 */
export function CompactTable<Row>({ rows, rowId, columns, ariaLabel, pageSize = 5, sx }: CompactTableProps<Row>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ id: string; descending: boolean } | null>(null);
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.id === sort.id);
    if (!column || !sort) return rows;
    return [...rows].sort((a, b) => compare(column.value(a), column.value(b), sort.descending));
  }, [rows, columns, sort]);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shown = sorted.slice(Math.min(page, lastPage) * pageSize, (Math.min(page, lastPage) + 1) * pageSize);
  const sortBy = (column: CompactColumn<Row>) =>
    setSort((current) =>
      current?.id === column.id
        ? { id: column.id, descending: !current.descending }
        : { id: column.id, descending: Boolean(column.numeric) },
    );
  return (
    <Box sx={[{ overflowX: 'auto', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Table size="small" aria-label={ariaLabel}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.numeric ? 'right' : 'left'}
                sx={{ width: column.width, minWidth: column.width ?? 180, fontWeight: 600, whiteSpace: 'nowrap' }}
                sortDirection={sort?.id === column.id ? (sort.descending ? 'desc' : 'asc') : false}
              >
                {column.sortable === false ? (
                  column.header
                ) : (
                  <TableSortLabel
                    active={sort?.id === column.id}
                    direction={sort?.id === column.id && sort.descending ? 'desc' : 'asc'}
                    onClick={() => sortBy(column)}
                  >
                    {column.header}
                  </TableSortLabel>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={rowId(row)} hover>
              {columns.map((column) => {
                const value = column.value(row);
                return (
                  <TableCell key={column.id} align={column.numeric ? 'right' : 'left'}>
                    {column.render
                      ? column.render(row)
                      : column.format
                        ? column.format(typeof value === 'number' ? value : null)
                        : value}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {t(TABLE_TEXT_KEYS.noRows)}
        </Typography>
      ) : null}
      {rows.length > pageSize ? (
        <TablePagination
          component="div"
          count={rows.length}
          page={Math.min(page, lastPage)}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[pageSize]}
        />
      ) : null}
    </Box>
  );
}
