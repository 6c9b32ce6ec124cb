// Advisory locks services take inside their transactions (a phone, an address, a customer).
export { lockKey } from '../db/advisoryLock.js';
