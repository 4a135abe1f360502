import { InventoryErrorCode, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

/** Inventory's error catalogue: one code enum for the service (libs/contracts), each code's status and message. */
export const INVENTORY_ERRORS: ErrorCatalogue<InventoryErrorCode> = {
  // A random id and another tenant's id get the same answer (no existence oracle).
  [InventoryErrorCode.AssetNotFound]: { status: 404, message: MESSAGES.notFound('Asset') },
  [InventoryErrorCode.CollectionNotFound]: { status: 404, message: MESSAGES.notFound('Collection') },
  [InventoryErrorCode.ViewNotFound]: { status: 404, message: MESSAGES.notFound('View') },
  [InventoryErrorCode.TagNotFound]: { status: 404, message: MESSAGES.notFound('Tag') },
  [InventoryErrorCode.IntegrationNotFound]: { status: 404, message: MESSAGES.notFound('Integration') },
  [InventoryErrorCode.BatchTooLarge]: {
    status: 413,
    message: 'Too many assets in one request: send at most 1000 per call.',
  },
  [InventoryErrorCode.CollectionNameTaken]: { status: 409, message: MESSAGES.alreadyExists },
  [InventoryErrorCode.ViewNameTaken]: { status: 409, message: MESSAGES.alreadyExists },
  // Ids of another organization's assets are as unknown as random ones: the same 404.
  [InventoryErrorCode.UnknownAssets]: { status: 404, message: MESSAGES.notFound('Asset') },
  [InventoryErrorCode.SyncAlreadyRunning]: { status: 409, message: 'A sync of this integration is already running.' },
  [InventoryErrorCode.DuplicateExternalId]: { status: 400, message: 'Each asset may appear once per call.' },
  [InventoryErrorCode.AdminOnly]: { status: 403, message: 'Only an Admin of the account can do this.' },
  // The message names the limit and the count (assetLimitMessage).
  [InventoryErrorCode.AssetLimitReached]: { status: 403, message: "The account's plan allows no more assets." },
};

export const inventoryError = domainErrors(INVENTORY_ERRORS);
