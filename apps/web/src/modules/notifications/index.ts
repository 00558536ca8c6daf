/** What other modules use of the notifications: the preferences tab of the account page. */
export { PreferencesSection } from './PreferencesSection.tsx';
