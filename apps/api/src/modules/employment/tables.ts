import type { ColumnType } from 'kysely';
import type { Generated } from '../../db/columns.ts';
import type { ReferralStatus } from '@portal/domain/employment/referrals';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type DateText = ColumnType<string, string, string>;

/** Referrals of job seekers to vacancies and their history (migration 0052). */
export interface EmploymentTables {
  job_referral: {
    id: Generated<string>;
    code: string;
    seeker_id: string;
    vacancy_id: string;
    business_id: string;
    /** The seeker's commune when referred: a commune sees the referrals of its people. */
    seeker_ward: Nullable<string>;
    status: Generated<ReferralStatus>;
    note: Nullable<string>;
    referred_on: DateText;
    expires_on: Nullable<string>;
    referred_by: Nullable<string>;
    answered_at: Nullable<Date>;
    refusal_reason: Nullable<string>;
    reason: Nullable<string>;
    hired_date: Nullable<string>;
    follow_up_due: Nullable<string>;
    followed_up_on: Nullable<string>;
    follow_up_note: Nullable<string>;
    still_employed: Nullable<boolean>;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    deleted_at: Nullable<Date>;
  };
  job_referral_event: {
    id: Generated<string>;
    referral_id: string;
    action: string;
    from_status: Nullable<string>;
    to_status: Nullable<string>;
    actor_id: Nullable<string>;
    actor_name: Nullable<string>;
    reason: Nullable<string>;
    at: Generated<Date>;
  };
}
