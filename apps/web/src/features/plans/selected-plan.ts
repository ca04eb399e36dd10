import { normalizePlanId, type PlanId } from '@app/shared';
import { readItem, removeItem, storageKeys, writeItem } from '../../lib/storage';

/** The plan chosen before signing up (sessionStorage selectedPlan), in any old spelling. */
export function readSelectedPlan(): PlanId | null {
  const stored = readItem('session', storageKeys.selectedPlan);
  return stored ? normalizePlanId(stored) : null;
}

export const storeSelectedPlan = (id: PlanId) => writeItem('session', storageKeys.selectedPlan, id);
export const clearSelectedPlan = () => removeItem('session', storageKeys.selectedPlan);
