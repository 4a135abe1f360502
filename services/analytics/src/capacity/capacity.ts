import { PRICE_LIST, type PriceListEntry } from '@infra/contracts';

/** analytics.md: the speed assumed when neither the asset nor its instance type tells one. */
export const ASSUMED_SPEED_GHZ = 2.5;
/** analytics.md: previous-generation hardware delivers this share of a current core-GHz. */
export const PREVIOUS_GENERATION_FACTOR = 0.85;

export interface CapacityInputs {
  cpuCores: number | null;
  cpuSpeed: number | null;
  currentGeneration: boolean | null;
  instanceType: string | null;
}

export interface Capacity {
  /** WCU = cores × GHz × g. */
  wcu: number;
  /** The asset had no speed of its own (data health notes it). */
  speedAssumed: boolean;
  /** The list price of its instance type per hour, if listed. */
  listPricePerHour: number | null;
}

const listed = (instanceType: string | null): PriceListEntry | undefined =>
  instanceType ? PRICE_LIST.instanceTypes[instanceType] : undefined;

/**
 * An asset's capacity in WCU. Missing speed: the instance type's reference speed, else 2.5 GHz (assumed). Missing
 * cores: the instance type's, else 1. Unknown generation counts as current.
 */
export function capacityOf(asset: CapacityInputs): Capacity {
  const type = listed(asset.instanceType);
  const ownSpeed = asset.cpuSpeed !== null && asset.cpuSpeed > 0 ? asset.cpuSpeed : null;
  const speed = ownSpeed ?? type?.cpuSpeed ?? ASSUMED_SPEED_GHZ;
  const cores = asset.cpuCores !== null && asset.cpuCores > 0 ? asset.cpuCores : (type?.cpuCores ?? 1);
  const generation = asset.currentGeneration === false ? PREVIOUS_GENERATION_FACTOR : 1;
  return {
    wcu: cores * speed * generation,
    speedAssumed: ownSpeed === null,
    listPricePerHour: type?.pricePerHour ?? null,
  };
}

/** analytics.md "industry": list price per hour ÷ the type's reference WCU; null for a type not in the list. */
export function industryUnitCost(instanceType: string | null): number | null {
  const type = listed(instanceType);
  if (!type) return null;
  const { wcu } = capacityOf({
    cpuCores: type.cpuCores,
    cpuSpeed: type.cpuSpeed,
    currentGeneration: type.currentGeneration,
    instanceType,
  });
  return type.pricePerHour / wcu;
}
