export { register } from './gift-codes.routes';
