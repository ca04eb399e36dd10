// The plans feature's public file: the catalogue is the only source of a plan's price.
export { findPlan } from './catalogue';
