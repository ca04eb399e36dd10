// The visits feature's public file: what other features may use (decision 021).
export { GetCareCard } from './components/get-care-card';
export { VisitPhoto } from './components/visit-photo';
