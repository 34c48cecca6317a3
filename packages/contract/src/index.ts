export * from './admin';
export * from './auth';
export * from './common';
export * from './messages';
export * from './profile';
export * from './system';
export * from './website';
