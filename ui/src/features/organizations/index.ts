/** Settings → Organization: the route imports only from here. */
export { OrganizationSettings } from './components/organization-settings';
