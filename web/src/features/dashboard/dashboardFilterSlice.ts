import { createSlice, type Dispatch, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { DEFAULT_TIME_HORIZON, type TimeHorizon } from '@infra/contracts';
import { rootReducer } from '../../app/store';

/** A filter option: the id as value and a label (a collection's name, or a tag's tagId). */
export interface FilterOption {
  label: string;
  value: string;
}

export interface DefaultTag {
  tagId: string;
  id: string;
}

export interface DefaultCollection {
  name: string;
  id: string;
}

/** `noMatch`: the applied filter matches no asset at all (the dashboard says so instead of showing zeros). */
export type QueryAnswer = 'ok' | 'empty' | 'noMatch' | 'failed';

/** The dashboard filter state of spec §3. `tags` and `collections` are the applied filter. */
export interface DashboardFilterState {
  tags: FilterOption[];
  collections: FilterOption[];
  /** What the pickers hold, not applied yet. */
  tagInput: FilterOption[];
  collectionInput: FilterOption[];
  isModified: boolean;
  defaultTags: DefaultTag[];
  defaultCollections: DefaultCollection[];
  timeHorizon: TimeHorizon;
  canSaveView: boolean;
  enableClearAllFilters: boolean;
  /** Set once a filter has been applied (view and organization queries may run with it). */
  applyFilter: boolean;
  /** Queries awaiting data, and the cache keys of the queries made for the current filter (unique). */
  queryEndpoints: string[];
  queryCacheKeys: string[];
  /** How each query of `queryCacheKeys` answered: with data, flagged empty (`Data-Integration: empty`), or failed. */
  queryAnswers: Record<string, QueryAnswer>;
  infraRating: number | null;
}

export const initialDashboardFilterState: DashboardFilterState = {
  tags: [],
  collections: [],
  tagInput: [],
  collectionInput: [],
  isModified: false,
  defaultTags: [],
  defaultCollections: [],
  timeHorizon: DEFAULT_TIME_HORIZON,
  canSaveView: false,
  enableClearAllFilters: false,
  applyFilter: false,
  queryEndpoints: [],
  queryCacheKeys: [],
  queryAnswers: {},
  infraRating: null,
};

const tagOption = ({ tagId, id }: DefaultTag): FilterOption => ({ label: tagId, value: id });
const collectionOption = ({ name, id }: DefaultCollection): FilterOption => ({ label: name, value: id });

/** The filter button is disabled while queries await data: choosing then does not mark the filters modified. */
const filterButtonDisabled = (state: DashboardFilterState): boolean => state.queryEndpoints.length > 0;

/** Choosing tags or collections (§4): store the input, mark modified, enable clear-all, save-view off. */
function choose(state: DashboardFilterState): void {
  if (!filterButtonDisabled(state)) state.isModified = true;
  state.enableClearAllFilters = true;
  state.canSaveView = false;
}

function loadDefaults(state: DashboardFilterState): void {
  state.tags = state.defaultTags.map(tagOption);
  state.collections = state.defaultCollections.map(collectionOption);
  state.tagInput = state.tags;
  state.collectionInput = state.collections;
  state.isModified = false;
  state.canSaveView = false;
  state.enableClearAllFilters = state.tags.length + state.collections.length > 0;
}

function addUnique(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

const sameOptions = (a: FilterOption[], b: FilterOption[]) =>
  a.length === b.length && a.every((option, index) => option.value === b[index]?.value);

/** Whether the pickers hold something other than the applied filter. */
const inputDiffers = (state: DashboardFilterState): boolean =>
  !sameOptions(state.tagInput, state.tags) || !sameOptions(state.collectionInput, state.collections);

const dashboardFilterSlice = createSlice({
  name: 'dashboardFilter',
  initialState: initialDashboardFilterState,
  reducers: {
    setTagInput(state, action: PayloadAction<FilterOption[]>) {
      state.tagInput = action.payload;
      choose(state);
    },
    setCollectionInput(state, action: PayloadAction<FilterOption[]>) {
      state.collectionInput = action.payload;
      choose(state);
    },
    /** Apply (§4): the input becomes the filter; save-view only with a tag or a collection chosen. */
    applyFilters(state) {
      state.tags = state.tagInput;
      state.collections = state.collectionInput;
      state.isModified = false;
      state.applyFilter = true;
      state.canSaveView = state.tags.length + state.collections.length > 0;
    },
    /** Clear (§4): empty filters; save, clear-all and modified off. */
    clearFilters(state) {
      state.tags = [];
      state.collections = [];
      state.tagInput = [];
      state.collectionInput = [];
      state.canSaveView = false;
      state.enableClearAllFilters = false;
      state.isModified = false;
      state.applyFilter = false;
    },
    /** Set defaults (§4): remember them and load the filters from them (a view's saved filter, or none). */
    setDefaults(state, action: PayloadAction<{ tags: DefaultTag[]; collections: DefaultCollection[] }>) {
      state.defaultTags = action.payload.tags;
      state.defaultCollections = action.payload.collections;
      state.applyFilter = false;
      loadDefaults(state);
    },
    /** Reset all (§4): the selected tags and collections go back to their defaults. */
    resetAll(state) {
      loadDefaults(state);
    },
    setTimeHorizon(state, action: PayloadAction<TimeHorizon>) {
      state.timeHorizon = action.payload;
    },
    resetTimeHorizon(state) {
      state.timeHorizon = DEFAULT_TIME_HORIZON;
    },
    addQueryEndpoint(state, action: PayloadAction<string>) {
      addUnique(state.queryEndpoints, action.payload);
    },
    addQueryCacheKey(state, action: PayloadAction<string>) {
      addUnique(state.queryCacheKeys, action.payload);
    },
    clearQueryTracking(state) {
      state.queryEndpoints = [];
      state.queryCacheKeys = [];
      state.queryAnswers = {};
    },
    /**
     * An expected query answered: it no longer awaits data. Answers for keys of another filter are ignored. When
     * the last one arrives, a choice made meanwhile (which could not mark the filters modified) becomes applicable.
     */
    answerQuery(state, action: PayloadAction<{ endpoint: string; cacheKey: string; answer: QueryAnswer }>) {
      const { endpoint, cacheKey, answer } = action.payload;
      if (!state.queryCacheKeys.includes(cacheKey)) return;
      state.queryAnswers[cacheKey] = answer;
      const awaiting = state.queryEndpoints.length;
      state.queryEndpoints = state.queryEndpoints.filter((name) => name !== endpoint);
      if (awaiting > 0 && state.queryEndpoints.length === 0 && inputDiffers(state)) state.isModified = true;
    },
    setInfraRating(state, action: PayloadAction<number | null>) {
      state.infraRating = action.payload;
    },
  },
  selectors: {
    selectDashboardFilter: (state) => state,
    selectFilterButtonDisabled: filterButtonDisabled,
  },
});

export const {
  setTagInput,
  setCollectionInput,
  applyFilters,
  clearFilters,
  setDefaults,
  resetAll,
  setTimeHorizon,
  resetTimeHorizon,
  addQueryEndpoint,
  addQueryCacheKey,
  clearQueryTracking,
  answerQuery,
  setInfraRating,
} = dashboardFilterSlice.actions;
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the augmentation adds the slice's key
  export interface LazyLoadedSlices extends WithSlice<typeof dashboardFilterSlice> {}
}

// Injected when the dashboard pages load: the sign-in page's scripts do not carry it.
const injectedSlice = dashboardFilterSlice.injectInto(rootReducer);
export const { selectDashboardFilter, selectFilterButtonDisabled } = injectedSlice.selectors;

/**
 * "Reset to defaults": reset all, then the two further resets (§4 does not show their effect; ours: the time
 * horizon back to Last 30 Days, and the query tracking of the old filter dropped).
 */
export const resetToDefaults = () => (dispatch: Dispatch) => {
  dispatch(resetAll());
  dispatch(resetTimeHorizon());
  dispatch(clearQueryTracking());
};

export default dashboardFilterSlice;
