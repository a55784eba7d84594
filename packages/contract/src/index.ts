export * from './roles';
export * from './envelope';
export * from './quota';
export * from './user';
export * from './status';
export * from './options';
export * from './default-prices';
