import { STORAGE_KEYS } from '../../config';
import { acmeAccountFixture, betaAccountFixture } from '../../testing/fixtures';
import selectedAccountSlice from './selectedAccountSlice';
import selectedOrganizationSlice, { setSelectedOrganization } from './selectedOrganizationSlice';
import { defaultSelection, organizationsOf } from './selection';
import { isStoredAccount, isStoredOrganization, loadStoredOrganization } from './storage';

const acme = acmeAccountFixture();
const beta = betaAccountFixture();

describe('stored-state checks', () => {
  it('accept a well-formed stored organization and account', () => {
    expect(isStoredOrganization({ id: 'o1', name: 'Prod', city: 'Austin' })).toBe(true);
    expect(isStoredAccount(acme)).toBe(true);
  });

  it('reject anything else', () => {
    for (const value of [null, 'o1', [], {}, { id: '', name: 'x' }, { id: 'o1' }, { id: 'o1', name: 'x', city: 3 }]) {
      expect(isStoredOrganization(value)).toBe(false);
    }
    expect(isStoredAccount({ id: 'a1', name: 'Acme' })).toBe(false);
    expect(isStoredAccount({ ...acme, organization: 'o1' })).toBe(false);
  });
});

describe('restoring the selection from local storage', () => {
  afterEach(() => window.localStorage.clear());

  it('starts from the stored organization when the check passes, with every field a string', () => {
    window.localStorage.setItem(STORAGE_KEYS.selectedOrganization, JSON.stringify({ id: 'o9', name: 'Nine' }));
    const state = selectedOrganizationSlice.getInitialState();
    expect(state).toMatchObject({ id: 'o9', name: 'Nine', accountId: '', website: '' });
  });

  it('starts empty when the stored value is corrupt or fails the check', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem(STORAGE_KEYS.selectedOrganization, '{not json');
    expect(loadStoredOrganization(STORAGE_KEYS.selectedOrganization).id).toBe('');
    expect(warn).toHaveBeenCalled();
    window.localStorage.setItem(STORAGE_KEYS.selectedAccount, JSON.stringify({ id: 5 }));
    expect(selectedAccountSlice.getInitialState()).toEqual({ id: '', name: '', slug: '', organization: [] });
  });

  it('normalises a chosen organization (missing fields become empty strings)', () => {
    const state = selectedOrganizationSlice.reducer(undefined, setSelectedOrganization({ id: 'o1', name: 'Prod' }));
    expect(state.zipCode).toBe('');
    expect(state.id).toBe('o1');
  });
});

describe('defaultSelection (spec §4)', () => {
  it('selects the first account and its first organization when none is selected', () => {
    const result = defaultSelection([acme, beta], { accountId: '', organizationId: '' });
    expect(result.account?.id).toBe('a1');
    expect(result.organization).toMatchObject({ id: 'o1', name: 'Prod' });
  });

  it('changes nothing when both are selected', () => {
    expect(defaultSelection([acme, beta], { accountId: 'a2', organizationId: 'o3' })).toEqual({});
  });

  it('selects only the organization when the account is selected, from that account', () => {
    const result = defaultSelection([acme, beta], { accountId: 'a2', organizationId: '' });
    expect(result.account).toBeUndefined();
    expect(result.organization?.id).toBe('o3');
  });

  it('replaces a remembered account the profile no longer lists', () => {
    const result = defaultSelection([acme], { accountId: 'gone', organizationId: 'gone-org' });
    expect(result.account?.id).toBe('a1');
    expect(result.organization?.id).toBe('o1');
  });

  it('does nothing without accounts, and tolerates accounts without organizations', () => {
    expect(defaultSelection([], { accountId: '', organizationId: '' })).toEqual({});
    expect(defaultSelection([{ id: 'a', name: 'A', slug: 'a' }], { accountId: '', organizationId: '' })).toEqual({
      account: { id: 'a', name: 'A', slug: 'a' },
    });
    expect(organizationsOf(undefined)).toEqual([]);
  });
});
