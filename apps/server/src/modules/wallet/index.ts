export { register } from './wallet.routes';
