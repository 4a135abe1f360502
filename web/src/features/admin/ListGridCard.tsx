import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';

export type ListGridCardProps<Row extends GridValidRowModel> = DataGridProps<Row> & {
  /** The list could not be read. */
  isError: boolean;
  /** data-testid of the error alert. */
  errorTestId: string;
};

/**
 * A list read from the API as a DataGrid in a card. When the read fails, an error alert instead: not the table's
 * empty text, since the list could not be read (the toast says so too).
 */
export function ListGridCard<Row extends GridValidRowModel>({ isError, errorTestId, ...grid }: ListGridCardProps<Row>) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <Alert severity="error" data-testid={errorTestId}>
        {t('toast.queryError')}
      </Alert>
    );
  }
  return (
    <Card>
      <DataGrid {...grid} autoHeight disableRowSelectionOnClick sx={{ border: 0 }} />
    </Card>
  );
}
