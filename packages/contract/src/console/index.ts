// The console's part of the contract (docs/console.md): roles, calls, examples.
export * from './roles';
export * from './session';
export * from './operators';
export * from './audit';
export * from './images';
export * from './catalog';
export * from './content';
export * from './games';
export * from './gift-codes';
export * from './api';
export * from './examples';
