/** What other features may use of the books: the account picker and who may post. */
export { AccountPicker, accountLabel } from './components/account-picker';
export { useBooksPermissions } from './hooks/use-books-permissions';
export { useSetupProgress, type SetupStep } from './api/setup-progress';
export { newEntryWith, type EntryPrefill } from './lib/entry-prefill';
