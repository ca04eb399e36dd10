export * from './common';
export * from './pages';
export * from './admin';
export * from './clinicians';
export * from './visits';
export * from './sms';
