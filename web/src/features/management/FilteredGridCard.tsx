import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { TableFilterField } from './TableFilterField';

/** The grid's client-side quick filter: every word of the text must appear in the row. */
const quickFilterOf = (text: string) => text.split(/\s+/).filter((word) => word.length > 0);

export type FilteredGridCardProps<Row extends GridValidRowModel> = DataGridProps<Row> & {
  /** data-testid of the filter's input. */
  filterTestId: string;
};

/** A whole list in a card, under a text filter ("Filter:") that narrows the rows on the client. */
export function FilteredGridCard<Row extends GridValidRowModel>({ filterTestId, ...grid }: FilteredGridCardProps<Row>) {
  const [filterText, setFilterText] = useState('');
  return (
    <Card>
      <Stack direction="row" sx={{ p: 2 }}>
        <TableFilterField value={filterText} onChange={setFilterText} testId={filterTestId} />
      </Stack>
      <DataGrid
        {...grid}
        filterModel={{ items: [], quickFilterValues: quickFilterOf(filterText) }}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        sx={{ border: 0, borderTop: 1, borderColor: 'divider', borderRadius: 0 }}
      />
    </Card>
  );
}
