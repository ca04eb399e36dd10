export { getMe, useMe } from './api/getMe';
export { cacheProfile } from './profileCache';
