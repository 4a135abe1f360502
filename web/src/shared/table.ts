import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readerLanguage } from '../i18n/readerLanguage';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef, GridColumnVisibilityModel, GridLocaleText, GridValidRowModel } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';
import { PHONE_GRID_CLASS } from './gridClasses';

/** The grid's own texts (pagination, menus) in each language besides English, its default. */
const GRID_TEXTS: Record<string, Partial<GridLocaleText>> = {
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
};

/** Table defaults (§2): 10 rows per page, page size options 5, 10, 20 and 50. */
export const TABLE_PAGE_SIZE = 10;
export const TABLE_PAGE_SIZE_OPTIONS: number[] = [5, 10, 20, 50];

/** Translation keys of the table texts: "No items found", "Filter:", "type string...". */
export const TABLE_TEXT_KEYS = {
  noRows: 'table.noRows',
  filterLabel: 'table.filterLabel',
  filterPlaceholder: 'table.filterPlaceholder',
} as const;

/**
 * DataGrid props every table shares: pagination defaults, the grid's texts in the current language, and the spec's
 * empty and filter texts. `noRowsKey` names a table's own empty text (e.g. "No Accounts Found") instead of "No items found",
 * for an empty table and for one whose filter matches no row.
 */
export function useDataGridDefaults(noRowsKey?: string) {
  const { t, i18n } = useTranslation();
  const language = readerLanguage(i18n);
  return useMemo(() => {
    const localeText: Partial<GridLocaleText> = {
      ...GRID_TEXTS[language],
      // A list with its own empty text (§2: "No Views Found", "No Events Found"…) says it when empty and when its
      // filter leaves nothing; the others say "No items found".
      noRowsLabel: t(noRowsKey ?? TABLE_TEXT_KEYS.noRows),
      noResultsOverlayLabel: t(noRowsKey ?? TABLE_TEXT_KEYS.noRows),
      toolbarQuickFilterLabel: t(TABLE_TEXT_KEYS.filterLabel),
      toolbarQuickFilterPlaceholder: t(TABLE_TEXT_KEYS.filterPlaceholder),
      filterPanelInputLabel: t(TABLE_TEXT_KEYS.filterLabel),
      filterPanelInputPlaceholder: t(TABLE_TEXT_KEYS.filterPlaceholder),
    };
    return {
      localeText,
      pageSizeOptions: TABLE_PAGE_SIZE_OPTIONS,
      initialState: { pagination: { paginationModel: { page: 0, pageSize: TABLE_PAGE_SIZE } } },
    };
  }, [t, language, noRowsKey]);
}

/** The narrowest a kept column may be on a phone (its text wraps instead). */
const PHONE_MIN_COLUMN_WIDTH = 88;

export interface ResponsiveGridProps<Row extends GridValidRowModel> {
  columns: GridColDef<Row>[];
  columnVisibilityModel: GridColumnVisibilityModel;
  onColumnVisibilityModelChange: (model: GridColumnVisibilityModel) => void;
  getRowHeight?: () => 'auto';
  className?: string;
}

/**
 * A table that fits a phone (below the `sm` breakpoint, 600 px; issue 21, item 12): there it shows only
 * `phoneFields` (the name, the status, the actions: what a row is and what can be done with it), narrower, with
 * text that wraps onto more lines instead of being cut; the other columns can be shown again from the column menu.
 * On wider screens every column, as given, but those `wider` hides (a page's own choice for a tablet). Spread the
 * answer into the DataGrid's props.
 */
export function useResponsiveColumns<Row extends GridValidRowModel>(
  columns: GridColDef<Row>[],
  phoneFields: readonly string[],
  wider: GridColumnVisibilityModel = NOTHING_HIDDEN,
): ResponsiveGridProps<Row> {
  // Material's useTheme falls back to the default theme, so the grid also works outside a ThemeProvider.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const phoneKey = phoneFields.join(',');
  const widerKey = JSON.stringify(wider);
  const shaped = useMemo(() => {
    if (!phone) return { columns, hidden: JSON.parse(widerKey) as GridColumnVisibilityModel };
    const kept = new Set(phoneKey.split(','));
    return {
      columns: columns.map((column) =>
        kept.has(column.field) && column.type !== 'actions' ? phoneColumn(column) : column,
      ),
      hidden: Object.fromEntries(
        columns.filter((column) => !kept.has(column.field)).map((column) => [column.field, false]),
      ) as GridColumnVisibilityModel,
    };
  }, [phone, columns, phoneKey, widerKey]);
  // What the user chose in the column menu, kept while the screen's own choice stays the same.
  const shownKey = JSON.stringify(shaped.hidden);
  const [chosen, setChosen] = useState<{ shownKey: string; model: GridColumnVisibilityModel } | null>(null);
  return {
    columns: shaped.columns,
    columnVisibilityModel: chosen?.shownKey === shownKey ? chosen.model : shaped.hidden,
    onColumnVisibilityModelChange: (model) => setChosen({ shownKey, model }),
    ...(phone ? { getRowHeight: () => 'auto' as const, className: PHONE_GRID_CLASS } : {}),
  };
}

const NOTHING_HIDDEN: GridColumnVisibilityModel = {};

/** A column kept on a phone: it shares the width left (flex) from a smaller minimum. */
function phoneColumn<Row extends GridValidRowModel>(column: GridColDef<Row>): GridColDef<Row> {
  const { width, minWidth, flex } = column;
  if (flex !== undefined)
    return { ...column, minWidth: Math.min(minWidth ?? PHONE_MIN_COLUMN_WIDTH, PHONE_MIN_COLUMN_WIDTH) };
  return { ...column, width: Math.min(width ?? 100, 112) };
}
