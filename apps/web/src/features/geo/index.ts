export { GeoPending } from './components/GeoPending';
export { geoStatusOf, resetGeoCheck, startGeoCheck, useGeoCheck, type GeoStatus } from './geoCheck';
