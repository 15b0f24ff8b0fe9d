export * from './auth';
export * from './catalogue';
export * from './common';
export * from './esims';
export * from './orders';
export * from './webhooks';
