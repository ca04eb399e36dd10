export * from './messages';
export * from './auth';
export * from './dates';
export * from './plans';
export * from './signup';
export * from './api';
export * from './payment';
export * from './contact';
