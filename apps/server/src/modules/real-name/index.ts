export { register } from './real-name.routes';
