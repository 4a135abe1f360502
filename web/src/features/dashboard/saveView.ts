import { InventoryErrorCode, type SaveViewRequest } from '@infra/contracts';
import { errorCodeOf, httpStatusOf } from '../../api/errors';
import type { DashboardFilterState } from './dashboardFilterSlice';

/** The view name and description rules (§5) are the management screens' (one rule, one message). */
export { viewDescriptionError, viewNameError } from '../management/inventoryRules';

/** The save-view state of spec §3: a show flag, a title, and the initial view's name and description. */
export interface SaveViewState {
  showSaveView: boolean;
  title: string;
  initialView: ViewForm;
}

export interface ViewForm {
  name: string;
  description: string;
}

/** Save view is offered only once a filter with a tag or a collection has been applied (§4). */
export function canOpenSaveView(filter: Pick<DashboardFilterState, 'canSaveView'>): boolean {
  return filter.canSaveView;
}

/** `PATCH views` body (createView): the form, and the applied filter with its time horizon. */
export function saveViewRequest(
  filter: Pick<DashboardFilterState, 'tags' | 'collections' | 'timeHorizon'>,
  form: ViewForm,
): SaveViewRequest {
  return {
    name: form.name,
    ...(form.description ? { description: form.description } : {}),
    tagIds: filter.tags.map((tag) => tag.value),
    collectionIds: filter.collections.map((collection) => collection.value),
    timeHorizon: filter.timeHorizon,
  };
}

/** Whether a failed createView means the name is taken (the name field says so too). */
export function isViewNameTaken(error: unknown): boolean {
  return errorCodeOf(error) === InventoryErrorCode.ViewNameTaken || httpStatusOf(error) === 409;
}
