import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../config';
import { loadStoredAccount } from './storage';
import { EMPTY_ACCOUNT, type Account } from './types';

const selectedAccountSlice = createSlice({
  name: 'selectedAccount',
  // Lazy: starts from the persisted value when the stored-state check passes.
  initialState: (): Account => loadStoredAccount(STORAGE_KEYS.selectedAccount),
  reducers: {
    setSelectedAccount: (_state, action: PayloadAction<Account>) => action.payload,
    resetSelectedAccount: () => ({ ...EMPTY_ACCOUNT }),
  },
  selectors: {
    selectSelectedAccount: (state) => state,
  },
});

export const { setSelectedAccount, resetSelectedAccount } = selectedAccountSlice.actions;
export const { selectSelectedAccount } = selectedAccountSlice.selectors;
export default selectedAccountSlice;
