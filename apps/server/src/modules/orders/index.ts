export { register } from './orders.routes';
