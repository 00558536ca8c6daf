import { LineImportPage } from './ImportPages.tsx';

/** The lazy page of the specialised report's line imports (see ImportPages.tsx). */
export default LineImportPage;
