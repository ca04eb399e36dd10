// The video feature's public file: the call's routes.
export { videoRoutes } from './routes';
