/** What other modules use of the accounts module: the text of a failed request. */
export { errorText } from './sign-in.ts';
