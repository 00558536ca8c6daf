import viErrors from './locales/vi/errors.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import viCommon from './locales/vi/common.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import viAccounts from './locales/vi/accounts.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import viCatalog from './locales/vi/catalog.json' with { type: 'json' };
import enCatalog from './locales/en/catalog.json' with { type: 'json' };
import viShell from './locales/vi/shell.json' with { type: 'json' };
import enShell from './locales/en/shell.json' with { type: 'json' };
import viIntegration from './locales/vi/integration.json' with { type: 'json' };
import enIntegration from './locales/en/integration.json' with { type: 'json' };
import viBusinesses from './locales/vi/businesses.json' with { type: 'json' };
import enBusinesses from './locales/en/businesses.json' with { type: 'json' };
import viPermits from './locales/vi/permits.json' with { type: 'json' };
import enPermits from './locales/en/permits.json' with { type: 'json' };
import viWorkers from './locales/vi/workers.json' with { type: 'json' };
import enWorkers from './locales/en/workers.json' with { type: 'json' };
import viEmployment from './locales/vi/employment.json' with { type: 'json' };
import enEmployment from './locales/en/employment.json' with { type: 'json' };
import viFiles from './locales/vi/files.json' with { type: 'json' };
import enFiles from './locales/en/files.json' with { type: 'json' };
import viGroupMembers from './locales/vi/groupMembers.json' with { type: 'json' };
import enGroupMembers from './locales/en/groupMembers.json' with { type: 'json' };
import viNotifications from './locales/vi/notifications.json' with { type: 'json' };
import enNotifications from './locales/en/notifications.json' with { type: 'json' };
import viMessaging from './locales/vi/messaging.json' with { type: 'json' };
import enMessaging from './locales/en/messaging.json' with { type: 'json' };
import viEquipment from './locales/vi/equipment.json' with { type: 'json' };
import enEquipment from './locales/en/equipment.json' with { type: 'json' };
import viHome from './locales/vi/home.json' with { type: 'json' };
import enHome from './locales/en/home.json' with { type: 'json' };
import viNews from './locales/vi/news.json' with { type: 'json' };
import enNews from './locales/en/news.json' with { type: 'json' };
import viSuggestions from './locales/vi/suggestions.json' with { type: 'json' };
import enSuggestions from './locales/en/suggestions.json' with { type: 'json' };
import viLibrary from './locales/vi/library.json' with { type: 'json' };
import enLibrary from './locales/en/library.json' with { type: 'json' };
import viMonitoring from './locales/vi/monitoring.json' with { type: 'json' };
import enMonitoring from './locales/en/monitoring.json' with { type: 'json' };
import viTraining from './locales/vi/training.json' with { type: 'json' };
import enTraining from './locales/en/training.json' with { type: 'json' };
import viRiskAssessment from './locales/vi/riskAssessment.json' with { type: 'json' };
import enRiskAssessment from './locales/en/riskAssessment.json' with { type: 'json' };
import viInspections from './locales/vi/inspections.json' with { type: 'json' };
import enInspections from './locales/en/inspections.json' with { type: 'json' };
import viAccidents from './locales/vi/accidents.json' with { type: 'json' };
import enAccidents from './locales/en/accidents.json' with { type: 'json' };
import viReportForms from './locales/vi/reportForms.json' with { type: 'json' };
import enReportForms from './locales/en/reportForms.json' with { type: 'json' };
import viApiClients from './locales/vi/apiClients.json' with { type: 'json' };
import enApiClients from './locales/en/apiClients.json' with { type: 'json' };
import viSignedDocuments from './locales/vi/signedDocuments.json' with { type: 'json' };
import enSignedDocuments from './locales/en/signedDocuments.json' with { type: 'json' };
import viArchive from './locales/vi/archive.json' with { type: 'json' };
import enArchive from './locales/en/archive.json' with { type: 'json' };
import viReportReminders from './locales/vi/reportReminders.json' with { type: 'json' };
import enReportReminders from './locales/en/reportReminders.json' with { type: 'json' };
import viReports from './locales/vi/reports.json' with { type: 'json' };
import enReports from './locales/en/reports.json' with { type: 'json' };
import viReportStatus from './locales/vi/reportStatus.json' with { type: 'json' };
import enReportStatus from './locales/en/reportStatus.json' with { type: 'json' };
import viReportFiling from './locales/vi/reportFiling.json' with { type: 'json' };
import enReportFiling from './locales/en/reportFiling.json' with { type: 'json' };
import viStatistics from './locales/vi/statistics.json' with { type: 'json' };
import enStatistics from './locales/en/statistics.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { messageValue } from './format.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages.ts';

/**
 * Every user-facing string, by language and namespace. One namespace per domain; add a line per namespace
 * (vi first, then en). Server messages (errors, mails, spreadsheet headers) and the web share these files (the
 * web app loads them by page and language, straight from the folder).
 */
export const resources = {
  vi: {
    errors: viErrors,
    common: viCommon,
    accounts: viAccounts,
    catalog: viCatalog,
    shell: viShell,
    integration: viIntegration,
    businesses: viBusinesses,
    permits: viPermits,
    equipment: viEquipment,
    workers: viWorkers,
    files: viFiles,
    groupMembers: viGroupMembers,
    messaging: viMessaging,
    notifications: viNotifications,
    home: viHome,
    news: viNews,
    library: viLibrary,
    suggestions: viSuggestions,
    monitoring: viMonitoring,
    training: viTraining,
    riskAssessment: viRiskAssessment,
    inspections: viInspections,
    accidents: viAccidents,
    reportForms: viReportForms,
    apiClients: viApiClients,
    signedDocuments: viSignedDocuments,
    archive: viArchive,
    reportReminders: viReportReminders,
    reports: viReports,
    reportStatus: viReportStatus,
    reportFiling: viReportFiling,
    statistics: viStatistics,
    employment: viEmployment,
  },
  en: {
    errors: enErrors,
    common: enCommon,
    accounts: enAccounts,
    catalog: enCatalog,
    shell: enShell,
    integration: enIntegration,
    businesses: enBusinesses,
    permits: enPermits,
    equipment: enEquipment,
    workers: enWorkers,
    files: enFiles,
    groupMembers: enGroupMembers,
    messaging: enMessaging,
    notifications: enNotifications,
    home: enHome,
    news: enNews,
    library: enLibrary,
    suggestions: enSuggestions,
    monitoring: enMonitoring,
    training: enTraining,
    riskAssessment: enRiskAssessment,
    inspections: enInspections,
    accidents: enAccidents,
    reportForms: enReportForms,
    apiClients: enApiClients,
    signedDocuments: enSignedDocuments,
    archive: enArchive,
    reportReminders: enReportReminders,
    reports: enReports,
    reportStatus: enReportStatus,
    reportFiling: enReportFiling,
    statistics: enStatistics,
    employment: enEmployment,
  },
} as const;

export type Namespace = keyof (typeof resources)['vi'];

/**
 * Server-side translation: `translate('vi', 'errors:NOT_FOUND')`, with {{name}} interpolation (a calendar date
 * shown as the portal's dates are: `messageValue`).
 */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, k] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const table = (resources[lang] as Record<string, Record<string, unknown>>)[ns];
  const fallback = (resources[DEFAULT_LANGUAGE] as Record<string, Record<string, unknown>>)[ns];
  const raw = lookup(table, k) ?? lookup(fallback, k) ?? key;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(messageValue(vars[name] ?? '')));
}

function lookup(table: Record<string, unknown> | undefined, dotted: string): string | undefined {
  let node: unknown = table;
  for (const part of dotted.split('.')) {
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}
