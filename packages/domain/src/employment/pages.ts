/**
 * Web pages of the employment services that other parts name (notification links, workspace tasks). A file of its
 * own: the shell loads the notification kinds at start, and must not carry the referral workflow with them.
 */
/** Referrals. */
export const REFERRAL_PAGES = {
  list: '/dich-vu-viec-lam/gioi-thieu-viec-lam/danh-sach',
  /** The referrals of one job seeker (the spec's `user/{id}`). */
  seeker: '/dich-vu-viec-lam/gioi-thieu-viec-lam/user/{id}',
} as const;

/** The quarterly labour-market information report. */
export const LABOUR_MARKET_PAGE = '/dich-vu-viec-lam/bao-cao-thi-truong-lao-dong';

/** Job exchange sessions. */
export const FAIR_PAGES = {
  base: '/dich-vu-viec-lam/phien-giao-dich-viec-lam',
  list: '/dich-vu-viec-lam/phien-giao-dich-viec-lam/danh-sach',
  board: '/dich-vu-viec-lam/phien-giao-dich-viec-lam/chi-tiet/{id}',
  /** The public calendar (the spec names `/marvel` without content: the sessions people can come to). */
  publicCalendar: '/marvel',
  /** The check-in desk at the door (the spec's `/meet`); a ticket's QR code opens it with the ticket filled in. */
  checkIn: '/meet',
} as const;
