export { GeoPending } from './components/geo-pending';
export { resetGeoCheck, startGeoCheck, useGeoStatus } from './geo-check';
