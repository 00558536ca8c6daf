import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../src/seed/index.ts';
import { demoSeedContext, createTestApp, type TestApp } from './support/app.ts';

/**
 * The demo province's employment services: job seekers, vacancies, counselling, collections, referrals and job
 * exchange sessions.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function counts() {
  const r = await sql<Record<string, number>>`select
      (select count(*)::int from job_seeker where deleted_at is null) as seekers,
      (select count(*)::int from vacancy where deleted_at is null and status = 'open') as open_vacancies,
      (select count(*)::int from job_counselling where deleted_at is null) as counselling,
      (select count(*)::int from labour_supply_survey) as supply,
      (select count(*)::int from recruitment_demand_survey) as demand,
      (select count(*)::int from job_referral) as referrals,
      (select count(distinct status)::int from job_referral) as referral_states,
      (select count(*)::int from job_referral_event) as events,
      (select count(*)::int from job_fair where deleted_at is null) as fairs,
      (select count(*)::int from job_fair_stall) as stalls,
      (select count(*)::int from job_fair_attendee) as attendees,
      (select count(*)::int from job_fair_attendee where checked_in_at is not null) as checked_in,
      (select count(*)::int from job_fair_interview) as interviews,
      (select count(*)::int from job_fair_interview where outcome = 'hired') as fair_hires,
      (select count(*)::int from unemployment_insurance where deleted_at is null) as benefits,
      (select count(*)::int from job_seeker where claimant) as claimants,
      (select count(*)::int from job_search_declaration where deleted_at is null) as declarations`.execute(
    t.database.db,
  );
  return r.rows[0]!;
}

describe('demo employment services', () => {
  it('seeds realistic records in every state, once', { timeout: 300_000 }, async () => {
    const ctx = demoSeedContext(t);
    await runSeeds(ctx);
    const first = await counts();
    expect(first.seekers).toBe(64);
    expect(first.open_vacancies).toBeGreaterThanOrEqual(8);
    expect(first.counselling).toBeGreaterThanOrEqual(20);
    expect(first.supply).toBeGreaterThan(0);
    expect(first.demand).toBeGreaterThan(0);
    expect(first, JSON.stringify(first)).toMatchObject({ referrals: 7 });
    expect(first.referral_states).toBe(6);
    expect(first.events).toBeGreaterThan(first.referrals!);
    // Job exchange sessions: one held with its results, one coming with stalls and registrations, one online planned.
    expect(first).toMatchObject({ fairs: 3, attendees: 21, checked_in: 13, interviews: 10 });
    expect(first.stalls).toBeGreaterThanOrEqual(5);
    expect(first.fair_hires).toBeGreaterThanOrEqual(2);
    // Claimants: six benefit decisions of registered seekers, five still drawing, a declaration per month drawn.
    expect(first).toMatchObject({ benefits: 6, claimants: 5, declarations: 13 });
    await runSeeds(ctx);
    expect(await counts()).toEqual(first);

    // A seeker of the demo matches open vacancies, each with its reasons.
    const seeker = await sql<{ id: string }>`select s.id from job_seeker s where s.status = 'seeking'
      and exists (select 1 from vacancy v where v.occupation_id = s.occupation_id and v.status = 'open') limit 1`.execute(
      t.database.db,
    );
    expect(seeker.rows).toHaveLength(1);
  });
});
