import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridLocaleText } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';

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
  const language = i18n.resolvedLanguage ?? i18n.language;
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
