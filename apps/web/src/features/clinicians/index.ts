// The clinicians feature's public file: the admin dashboard's Clinicians tab and its query keys.
export { clinicianKeys } from './api/keys';
export { CliniciansPanel } from './components/clinicians-panel';
