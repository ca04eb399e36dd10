export { GeoPending } from './components/GeoPending';
export { geoStatusOf, resetGeoCheck, startGeoCheck, useGeoCheck, useGeoStatus, type GeoStatus } from './geoCheck';
