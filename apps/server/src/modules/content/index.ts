export { register } from './content.routes';
