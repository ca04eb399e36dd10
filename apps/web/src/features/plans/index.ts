export { getPlans, usePlans } from './api/getPlans';
export { PlanPicker } from './components/PlanPicker';
export { clearSelectedPlan, readSelectedPlan, storeSelectedPlan } from './selectedPlan';
