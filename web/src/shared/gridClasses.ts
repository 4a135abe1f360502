/**
 * The class a DataGrid carries on a phone (`useResponsiveColumns`): its cells wrap (the theme's MuiDataGrid
 * overrides) and its rows grow to fit them. Its own module, so the theme does not pull the grid's code in.
 */
export const PHONE_GRID_CLASS = 'app-grid-phone';
