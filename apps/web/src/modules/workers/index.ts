/** What other modules use of the workers module: the edit page frame of its areas, and its course page. */
export { RecordPage } from './RecordPage.tsx';

/** A course with its participants, shown by another module's route too; loaded on first visit. */
export const trainingEditPage = () => import('./TrainingEditPage.tsx');
