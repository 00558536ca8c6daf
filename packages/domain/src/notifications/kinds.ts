import { PERMIT_PATHS } from '../permits/features.ts';
import { BUSINESS_PAGES } from '../businesses/pages.ts';
import { EQUIPMENT_PATHS } from '../equipment/features.ts';
import { suggestionLink } from '../suggestions/index.ts';
import { MONITORING_PATHS } from '../monitoring/factors.ts';
import { REFERRAL_PAGES } from '../employment/pages.ts';

/**
 * Every kind of notification the portal sends, declared once: its texts live in the notifications locale
 * (`kinds.<kind>.label` for the preferences page, `kinds.<kind>.content` with the kind's params, `kinds.<kind>.mail`
 * for a mail's subject), and `statutory` kinds (a legal deadline, an accident, an administrative decision the law
 * requires be notified) cannot be turned off.
 */
export interface NotificationKind {
  statutory: boolean;
  /** Where a user who never chose gets it. */
  defaultChannel: NotificationChannel;
}

export const NOTIFICATION_CHANNELS = ['portal', 'mail', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Where a written notification goes besides the portal list and the hub. */
export type DeliveryChannel = Exclude<NotificationChannel, 'off'>;

export const NOTIFICATION_KINDS = {
  /** The department receives a work-permit request to review. */
  permitSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** The department sends a request back to the employer to complete. */
  permitReturned: { statutory: false, defaultChannel: 'portal' },
  /** A permit is granted: an administrative decision the employer must receive (Decree 152/2020). */
  permitApproved: { statutory: true, defaultChannel: 'portal' },
  /** A refusal, which the law requires be given with its reasons (Decree 152/2020). */
  permitRejected: { statutory: true, defaultChannel: 'portal' },
  /** An employer notifies overtime above 200 hours a year (Labour Code 2019 art. 107). */
  overtimeSubmitted: { statutory: false, defaultChannel: 'portal' },
  overtimeAccepted: { statutory: false, defaultChannel: 'portal' },
  overtimeReturned: { statutory: false, defaultChannel: 'portal' },
  /** The department receives a declaration of machines put into use (Law 84/2015 Art 30.2). */
  equipmentDeclarationSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** The confirmation of a declaration (giấy xác nhận khai báo): an administrative answer the employer must get. */
  equipmentDeclarationConfirmed: { statutory: true, defaultChannel: 'portal' },
  /** A refused declaration, with its reason. */
  equipmentDeclarationRefused: { statutory: true, defaultChannel: 'portal' },
  /** A machine's periodic inspection falls due (30 and 7 days before, and on the day): a legal deadline. */
  equipmentInspectionDue: { statutory: true, defaultChannel: 'mail' },
  /** Machines in use whose inspection stays overdue, for the department and the commune. */
  equipmentInspectionOverdue: { statutory: false, defaultChannel: 'portal' },
  /** The yearly working-environment monitoring falls due (Law 84/2015 Art 18.2: at least once a year). */
  monitoringDue: { statutory: true, defaultChannel: 'portal' },
  /** Readings above the limits: the employer's corrective measures and follow-up monitoring fall due. */
  monitoringMeasuresDue: { statutory: true, defaultChannel: 'portal' },
  /** Reports whose corrective measures are overdue, for the department and the commune. */
  monitoringMeasuresOverdue: { statutory: false, defaultChannel: 'portal' },
  /** Workers' training credentials come within the notice days of expiry: refresher training due (Decree 44/2016). */
  trainingRefresherDue: { statutory: true, defaultChannel: 'portal' },
  /** Workers' training credentials expired yesterday: they may not keep doing the work until trained again. */
  trainingCredentialsExpired: { statutory: true, defaultChannel: 'portal' },
  /** The department receives a question or suggestion from the public (the suggestion box). */
  suggestionReceived: { statutory: false, defaultChannel: 'portal' },
  /** An officer is given a suggestion to answer. */
  suggestionAssigned: { statutory: false, defaultChannel: 'portal' },
  /** A request for training credentials waits for its issuer (the training organisation or the employer). */
  trainingCertificateRequestSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** Measures of the employer's risk-assessment action plan went past their deadline (Decree 39/2016 Art 7). */
  riskMeasuresOverdue: { statutory: false, defaultChannel: 'portal' },
  /** Training credentials issued to an employer's workers (Decree 44/2016 Art 24). */
  trainingCertificatesIssued: { statutory: false, defaultChannel: 'portal' },
  /** A refused request for training credentials, with its reason. */
  trainingCertificateRequestRefused: { statutory: false, defaultChannel: 'portal' },
  /** A worker's training credential revoked by its issuer or the department. */
  trainingCertificateRevoked: { statutory: false, defaultChannel: 'portal' },
  /** The department receives a training unit's notice of a course (Decree 44/2016). */
  trainingNoticeSubmitted: { statutory: false, defaultChannel: 'portal' },
  trainingNoticeAcknowledged: { statutory: false, defaultChannel: 'portal' },
  /** The department receives an employer's class A training self-declaration. */
  trainingSelfDeclarationSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** The department's answer to a self-declaration: an administrative answer the employer must get. */
  trainingSelfDeclarationAcknowledged: { statutory: true, defaultChannel: 'portal' },
  trainingSelfDeclarationRefused: { statutory: true, defaultChannel: 'portal' },
  /** A fatal accident or one with ≥ 2 seriously injured, routed at once (Law 84/2015 Art 34; Decree 129/2025). */
  accidentReported: { statutory: true, defaultChannel: 'portal' },
  /** The department asks the declarant to complete an accident declaration. */
  accidentReturned: { statutory: false, defaultChannel: 'portal' },
  /** The department receives an employer's accident statistics report (Decree 39/2016 Art 24, Appendix XII). */
  accidentStatisticsSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** The department returns an accident statistics report to the employer, with its reason. */
  accidentStatisticsReturned: { statutory: false, defaultChannel: 'portal' },
  /** The department receives a periodic report (filed or filed again after a return). */
  reportSubmitted: { statutory: false, defaultChannel: 'portal' },
  /** A periodic report sent back to its filer with the reason and comments on fields, to correct before it closes. */
  reportReturned: { statutory: true, defaultChannel: 'portal' },
  /** A periodic report accepted by the department (the acceptance receipt is issued). */
  reportAccepted: { statutory: false, defaultChannel: 'portal' },
  /** An employer is told of an inspection decision concerning it (Decree 43/2023: the decision is sent to the subject). */
  inspectionDecision: { statutory: true, defaultChannel: 'portal' },
  /** An inspection's conclusion, with the requirements to fix by their deadlines. */
  inspectionConcluded: { statutory: true, defaultChannel: 'portal' },
  /** The inspection team receives an employer's answer to a requirement. */
  inspectionAnswered: { statutory: false, defaultChannel: 'portal' },
  /** An answer to a requirement returned to the employer with the reason. */
  inspectionAnswerReturned: { statutory: false, defaultChannel: 'portal' },
  /** A periodic report the reporter has not filed falls due (the reminder schedule's steps before the due day). */
  reportDueSoon: { statutory: true, defaultChannel: 'mail' },
  /** A periodic report past its due day, not filed or returned and not filed again (the steps after it). */
  reportOverdue: { statutory: true, defaultChannel: 'mail' },
  /** The service centre refers a job seeker to an employer's vacancy: the employer is asked to answer. */
  referralCreated: { statutory: false, defaultChannel: 'portal' },
  /** The employer answered a referral (seen, interview, hired, refused): the centre that referred is told. */
  referralAnswered: { statutory: false, defaultChannel: 'portal' },
  referralCancelled: { statutory: false, defaultChannel: 'portal' },
  /** A referral nobody answered lapsed. */
  referralExpired: { statutory: false, defaultChannel: 'portal' },
  /** An open vacancy not updated for long was closed: its employer may open it again. */
  vacancyClosedStale: { statutory: false, defaultChannel: 'portal' },
  /** Records already waiting on the user's workspace (the demo province tells each role at its first sign-in). */
  tasksWaiting: { statutory: false, defaultChannel: 'portal' },
} as const satisfies Record<string, NotificationKind>;

export type NotificationKindName = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKindName[];
export const isNotificationKind = (kind: string): kind is NotificationKindName => kind in NOTIFICATION_KINDS;

/** Values placed in a kind's texts. */
export type NotificationParams = Record<string, string | number>;

/** Links the notifications of the domains open (paths of the web app). */
export const notificationLinks = {
  permit: (id: string, kind: string) =>
    (kind === 'confirm' ? PERMIT_PATHS.editConfirm : PERMIT_PATHS.edit).replace(':id', id),
  overtime: () => BUSINESS_PAGES.overtime,
  machine: (id: string) => EQUIPMENT_PATHS.machine.replace(':id', id),
  declaration: (id: string) => EQUIPMENT_PATHS.declarationEdit.replace(':id', id),
  declarationReview: () => EQUIPMENT_PATHS.review,
  suggestion: (id: string) => suggestionLink(id),
  monitoringReport: (id: string) => MONITORING_PATHS.report.replace(':id', id),
  monitoringReports: (query = '') => `${MONITORING_PATHS.reports}${query}`,
  referral: (id: string) => `${REFERRAL_PAGES.list}?id=${id}`,
  vacancies: () => '/dich-vu-viec-lam/nhu-cau-tuyen-dung/danh-sach?status=closed',
  overdueMachines: (today: string) => `${EQUIPMENT_PATHS.register}?status=inUse&nextDueDateTo=${today}`,
};

/** Spec §9: the bell's drop-down loads 5, the view-all list 10 a page from page 1, the pop-up hides after 5 s. */
export const NOTIFICATION_LIMITS = { dropdown: 5, pageSize: 10, popupMs: 5000 } as const;
/** The view-all page (spec §2). */
export const NOTIFICATION_PAGE = '/thong-bao/danh-sach';

/** `notifyStatus` of the list: 0 all, 1 unread, 2 read. */
export const NOTIFY_STATUSES = { all: 0, unread: 1, read: 2 } as const;

// The answers' schemas (and their types) are in ./schemas.ts: the shell loads this file at start, without a
// validation library.
