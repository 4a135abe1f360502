import { configureStore } from '@reduxjs/toolkit';
import dashboardFilterSlice, {
  addQueryCacheKey,
  addQueryEndpoint,
  answerQuery,
  applyFilters,
  clearFilters,
  clearQueryTracking,
  initialDashboardFilterState,
  resetAll,
  resetTimeHorizon,
  resetToDefaults,
  setCollectionInput,
  setDefaults,
  setTagInput,
  setTimeHorizon,
  type DashboardFilterState,
} from './dashboardFilterSlice';

const reduce = dashboardFilterSlice.reducer;
const prod = { label: 'Production', value: 'c-1' };
const web = { label: 'web-tier', value: 't-1' };
const fresh = (): DashboardFilterState => reduce(undefined, { type: 'init' });

describe('dashboard filter state (spec §3, §4)', () => {
  it('starts empty, with Last 30 Days and nothing to save, clear or apply', () => {
    expect(fresh()).toEqual(initialDashboardFilterState);
    expect(fresh()).toMatchObject({
      timeHorizon: 'Last 30 Days',
      canSaveView: false,
      enableClearAllFilters: false,
      isModified: false,
      applyFilter: false,
    });
  });

  it('choosing stores the input, marks it modified, enables clear-all and turns save-view off', () => {
    let state = reduce(fresh(), setCollectionInput([prod]));
    state = reduce(state, applyFilters());
    expect(state.canSaveView).toBe(true);
    state = reduce(state, setTagInput([web]));
    expect(state).toMatchObject({
      tagInput: [web],
      collectionInput: [prod],
      tags: [],
      collections: [prod],
      isModified: true,
      enableClearAllFilters: true,
      canSaveView: false,
    });
  });

  it('choosing while queries await data (filter button disabled) does not mark the filters modified', () => {
    let state = reduce(fresh(), addQueryEndpoint('getAssetWorkload'));
    state = reduce(state, setCollectionInput([prod]));
    expect(state.isModified).toBe(false);
    expect(state.enableClearAllFilters).toBe(true);
  });

  it('applying copies the input into the filters, clears modified, and allows saving only with a choice', () => {
    let state = reduce(fresh(), setTagInput([web]));
    state = reduce(state, setCollectionInput([prod]));
    state = reduce(state, applyFilters());
    expect(state).toMatchObject({
      tags: [web],
      collections: [prod],
      isModified: false,
      applyFilter: true,
      canSaveView: true,
    });

    state = reduce(state, setTagInput([]));
    state = reduce(state, setCollectionInput([]));
    state = reduce(state, applyFilters());
    expect(state).toMatchObject({ tags: [], collections: [], canSaveView: false, applyFilter: true });
  });

  it('clear empties the filters and turns save, clear-all and modified off', () => {
    let state = reduce(fresh(), setCollectionInput([prod]));
    state = reduce(state, applyFilters());
    state = reduce(state, setTagInput([web]));
    state = reduce(state, clearFilters());
    expect(state).toMatchObject({
      tags: [],
      collections: [],
      tagInput: [],
      collectionInput: [],
      canSaveView: false,
      enableClearAllFilters: false,
      isModified: false,
    });
  });

  it('setting defaults loads the filters from the given collections and tags (labels: name, tagId)', () => {
    const state = reduce(
      fresh(),
      setDefaults({ tags: [{ tagId: 'web-tier', id: 't-1' }], collections: [{ name: 'Production', id: 'c-1' }] }),
    );
    expect(state).toMatchObject({
      defaultTags: [{ tagId: 'web-tier', id: 't-1' }],
      defaultCollections: [{ name: 'Production', id: 'c-1' }],
      tags: [web],
      collections: [prod],
      tagInput: [web],
      collectionInput: [prod],
      isModified: false,
      canSaveView: false,
      enableClearAllFilters: true,
    });
    expect(reduce(state, setDefaults({ tags: [], collections: [] }))).toMatchObject({
      tags: [],
      collections: [],
      enableClearAllFilters: false,
    });
  });

  it('reset all restores the tags and collections to their defaults', () => {
    let state = reduce(fresh(), setDefaults({ tags: [], collections: [{ name: 'Production', id: 'c-1' }] }));
    state = reduce(state, setTagInput([web]));
    state = reduce(state, setCollectionInput([]));
    state = reduce(state, applyFilters());
    state = reduce(state, resetAll());
    expect(state).toMatchObject({ tags: [], collections: [prod], tagInput: [], collectionInput: [prod] });
    expect(state.isModified).toBe(false);
  });

  it('sets the time horizon, and resets it to Last 30 Days', () => {
    let state = reduce(fresh(), setTimeHorizon('Last 7 Days'));
    expect(state.timeHorizon).toBe('Last 7 Days');
    state = reduce(state, resetTimeHorizon());
    expect(state.timeHorizon).toBe('Last 30 Days');
  });

  it('accumulates query endpoints and cache keys as unique sets, and clears them', () => {
    let state = reduce(fresh(), addQueryEndpoint('a'));
    state = reduce(state, addQueryEndpoint('a'));
    state = reduce(state, addQueryEndpoint('b'));
    state = reduce(state, addQueryCacheKey('k'));
    state = reduce(state, addQueryCacheKey('k'));
    expect(state.queryEndpoints).toEqual(['a', 'b']);
    expect(state.queryCacheKeys).toEqual(['k']);
    state = reduce(state, answerQuery({ endpoint: 'a', cacheKey: 'k', answer: 'empty' }));
    expect(state).toMatchObject({ queryEndpoints: ['b'], queryAnswers: { k: 'empty' } });
    state = reduce(state, clearQueryTracking());
    expect(state).toMatchObject({ queryEndpoints: [], queryCacheKeys: [], queryAnswers: {} });
  });

  it('reset to defaults runs reset all, the time-horizon reset and the query-tracking reset', () => {
    const store = configureStore({ reducer: dashboardFilterSlice.reducer });
    store.dispatch(setDefaults({ tags: [], collections: [{ name: 'Production', id: 'c-1' }] }));
    store.dispatch(setCollectionInput([]));
    store.dispatch(setTimeHorizon('Last 12 Months'));
    store.dispatch(addQueryCacheKey('k'));
    resetToDefaults()(store.dispatch);
    expect(store.getState()).toMatchObject({
      collections: [prod],
      collectionInput: [prod],
      timeHorizon: 'Last 30 Days',
      queryCacheKeys: [],
      isModified: false,
    });
  });
});
