import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../config';
import { loadStoredOrganization, toOrganization } from './storage';
import { EMPTY_ORGANIZATION, type Organization } from './types';

const selectedOrganizationSlice = createSlice({
  name: 'selectedOrganization',
  // Lazy: starts from the persisted value when the stored-state check passes.
  initialState: (): Organization => loadStoredOrganization(STORAGE_KEYS.selectedOrganization),
  reducers: {
    setSelectedOrganization: (_state, action: PayloadAction<Partial<Organization>>) => toOrganization(action.payload),
    resetSelectedOrganization: () => ({ ...EMPTY_ORGANIZATION }),
  },
  selectors: {
    selectSelectedOrganization: (state) => state,
    selectSelectedOrganizationId: (state) => state.id,
  },
});

export const { setSelectedOrganization, resetSelectedOrganization } = selectedOrganizationSlice.actions;
export const { selectSelectedOrganization, selectSelectedOrganizationId } = selectedOrganizationSlice.selectors;
export default selectedOrganizationSlice;
