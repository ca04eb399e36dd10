export * from './common';
export * from './pages';
