export * from './credit-ledger';
export * from './otp-codes';
export * from './sessions';
export * from './throttle';
export * from './users';
export * from './websites';
