import type { ColumnType } from 'kysely';
import type { Generated } from '../../db/columns.ts';
import type { ReferralStatus } from '@portal/domain/employment/referrals';
import type { InterviewOutcome } from '@portal/domain/employment/fairs';

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

/** Stalls, registrations and interviews of the job exchange sessions (migration 0053). */
export interface JobFairTables {
  job_fair_stall: {
    id: Generated<string>;
    fair_id: string;
    business_id: string;
    stall_no: number;
    vacancy_ids: ColumnType<string[], string[], string[]>;
    contact_name: Nullable<string>;
    contact_phone: Nullable<string>;
    registered_by: Nullable<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  job_fair_attendee: {
    id: Generated<string>;
    fair_id: string;
    ticket: string;
    full_name: string;
    phone: Nullable<string>;
    citizen_id: Nullable<string>;
    seeker_id: Nullable<string>;
    occupation_wanted: Nullable<string>;
    via: 'public' | 'centre';
    registered_by: Nullable<string>;
    checked_in_at: Nullable<Date>;
    checked_in_by: Nullable<string>;
    created_at: Generated<Date>;
  };
  job_fair_interview: {
    id: Generated<string>;
    fair_id: string;
    stall_id: string;
    attendee_id: string;
    vacancy_id: Nullable<string>;
    outcome: InterviewOutcome;
    note: Nullable<string>;
    recorded_by: Nullable<string>;
    recorded_at: Generated<Date>;
  };
}
