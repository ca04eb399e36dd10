// The health history's public file: visits read the version a request was made with.
export { findVersion, latestVersion } from './repository';
