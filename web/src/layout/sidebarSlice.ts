import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The item that titles the header (a dashboard target, or a page's translation key). */
export interface SelectedItem {
  id?: string;
  name?: string;
  titleKey?: string;
}

export interface SidebarState {
  sidebarShow: boolean;
  showAdmin: boolean;
  selectedItem: SelectedItem;
}

const initialState: SidebarState = { sidebarShow: false, showAdmin: false, selectedItem: {} };

const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState,
  reducers: {
    toggleSidebar(state) {
      state.sidebarShow = !state.sidebarShow;
    },
    setSidebarShow(state, action: PayloadAction<boolean>) {
      state.sidebarShow = action.payload;
    },
    setShowAdmin(state, action: PayloadAction<boolean>) {
      state.showAdmin = action.payload;
    },
    setSelectedItem(state, action: PayloadAction<SelectedItem>) {
      state.selectedItem = action.payload;
    },
  },
  selectors: {
    selectSidebarShow: (state) => state.sidebarShow,
    selectShowAdmin: (state) => state.showAdmin,
    selectSelectedItem: (state) => state.selectedItem,
  },
});

export const { toggleSidebar, setSidebarShow, setShowAdmin, setSelectedItem } = sidebarSlice.actions;
export const { selectSidebarShow, selectShowAdmin, selectSelectedItem } = sidebarSlice.selectors;
export default sidebarSlice;
