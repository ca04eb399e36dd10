export * from './common';
export * from './pages';
export * from './admin';
