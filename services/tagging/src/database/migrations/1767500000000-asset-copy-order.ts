import { assetCopyOrderMigration } from '@infra/messaging';

/** When each part of an asset's copy last changed at the source: an older event never overwrites a newer part. */
export const AssetCopyOrder1767500000000 = assetCopyOrderMigration('AssetCopyOrder1767500000000');
