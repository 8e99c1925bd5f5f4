export { SecuritySettings } from './components/security-settings';
