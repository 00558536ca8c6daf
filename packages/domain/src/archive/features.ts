import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';
import { FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';
import { ARCHIVE_PERMISSIONS, ARCHIVE_SUBJECT } from './index.ts';

/**
 * Reading and exporting the archive sit with the reports (the default types that file reports read their own
 * records there, the commune its area's); filing now and recording a disposal are the department's, in the
 * review group no other default type is granted beyond reading.
 */
registerFeatures(
  FEATURE_GROUPS.reports,
  subjectFeature(ARCHIVE_SUBJECT, 'archive:permissions.subject', ['read', 'export'], {
    key: 'reports.archiveRecord',
    order: 90,
    actionLabels: { export: 'archive:permissions.export' },
  }),
);
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.archiveRecord',
  labelKey: 'archive:permissions.subject',
  order: 95,
  children: [
    { key: ARCHIVE_PERMISSIONS.file, labelKey: 'archive:permissions.file', implies: [ARCHIVE_PERMISSIONS.read] },
    { key: ARCHIVE_PERMISSIONS.dispose, labelKey: 'archive:permissions.dispose', implies: [ARCHIVE_PERMISSIONS.read] },
  ],
});
