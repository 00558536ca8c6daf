/** User groups' members (the groups themselves are the GroupUser catalogue area). */
export { default } from './routes.ts';
