export { usePlans } from './api/get-plans';
export { PlanPicker } from './components/plan-picker';
export { PlansLoadError } from './components/plans-load-error';
export { clearSelectedPlan, readSelectedPlan, storeSelectedPlan } from './selected-plan';
