export { ReportForm, type ReportFormProps } from './ReportForm.tsx';
export { placeErrors, namePath, notesByPath } from './paths.ts';
