import Link from '@mui/material/Link';
import type { GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { generatePath, Link as RouterLink } from 'react-router-dom';

/** A grid row with a name that links to its own page. */
type NamedRow = GridValidRowModel & { id: string; name: string };

/**
 * The `renderCell` of a "name" column: the row's name as a link to its entity page (`route` with `:id`),
 * with the data-testid `<testIdPrefix>-<id>` that browser tests click.
 */
export function nameLinkCell<Row extends NamedRow>(route: string, testIdPrefix: string) {
  return ({ row }: GridRenderCellParams<Row>) => (
    <Link
      component={RouterLink}
      to={generatePath(route, { id: row.id })}
      underline="hover"
      data-testid={`${testIdPrefix}-${row.id}`}
    >
      {row.name}
    </Link>
  );
}
