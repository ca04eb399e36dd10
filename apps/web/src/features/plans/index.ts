export { usePlans } from './api/getPlans';
export { PlanPicker } from './components/PlanPicker';
export { PlansLoadError } from './components/PlansLoadError';
export { clearSelectedPlan, readSelectedPlan, storeSelectedPlan } from './selectedPlan';
