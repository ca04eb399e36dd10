export { GeoPending } from './components/GeoPending';
export { resetGeoCheck, startGeoCheck, useGeoStatus } from './geoCheck';
