import { ReferralList } from './referrals.tsx';

/**
 * `/dich-vu-viec-lam/gioi-thieu-viec-lam/danh-sach`: the referrals in the caller's scope (an employer: those to
 * its vacancies), with the tabs the workspace's tasks link to (`?waiting=true`, `?followUpDue=true`) and the drawer
 * of one referral that the notifications open (`?id=`).
 */
export default function ReferralListPage() {
  return <ReferralList />;
}
