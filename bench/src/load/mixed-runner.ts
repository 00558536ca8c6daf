/**
 * The mixed-load bench's virtual users, in a child process (see mixed-client.ts) so they never share the
 * measured server's event loop. Each user has a role (mixed-plan.ts), signs in as its demo account (or stays
 * anonymous), opens its workspace, then until the end goes from page to page with a think time between:
 * workspace, lists (paging, search), a record, notifications, news, look-ups, and now and then a write.
 */
import {
  callClasses,
  callKey,
  demoPassword,
  detailOf,
  keywords,
  rolePlans,
  rolesFor,
  seeded,
  type CallClass,
  type Role,
} from './mixed-plan.ts';
import type { CallStats, MixedJob, MixedResult } from './mixed-client.ts';

class Recorder {
  calls = new Map<string, { class: CallClass; count: number; errors: number; latencies: number[] }>();
  errorSamples: string[] = [];

  add(cls: CallClass, key: string, ms: number, error: string | undefined): void {
    let c = this.calls.get(key);
    if (!c) this.calls.set(key, (c = { class: cls, count: 0, errors: 0, latencies: [] }));
    c.count++;
    c.latencies.push(ms);
    if (error) {
      c.errors++;
      if (this.errorSamples.length < 20) this.errorSamples.push(`${key}: ${error}`);
    }
  }
}

interface Answer {
  status: number;
  body: unknown;
}

class VirtualUser {
  private token: string | undefined;
  private readonly headers: Record<string, string>;
  private lists: string[];
  /** The rows of the list last opened, for a record page. */
  private lastList: { path: string; ids: string[] } | undefined;

  private readonly job: MixedJob;
  private readonly rec: Recorder;
  private readonly account: string | undefined;
  private readonly random: () => number;

  constructor(
    job: MixedJob,
    rec: Recorder,
    role: Role,
    account: string | undefined,
    index: number,
    random: () => number,
  ) {
    this.job = job;
    this.rec = rec;
    this.account = account;
    this.random = random;
    // Each user its own address, as behind the province's reverse proxy (the server trusts one hop).
    this.headers = {
      accept: 'application/json',
      'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    };
    this.lists = [...(rolePlans.find((p) => p.role === role)?.lists ?? [])];
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private async call(
    cls: CallClass,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    expected: readonly number[] = [],
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let text: string;
    try {
      const res = await fetch(this.job.baseUrl + url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = (err as Error).message;
    }
    const ms = performance.now() - started;
    const ok = (status >= 200 && status < 300) || expected.includes(status);
    this.rec.add(cls, callKey(method, url), ms, ok ? undefined : `${status} ${text.slice(0, 160)}`);
    let parsed: unknown;
    try {
      parsed = ok && text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status, body: parsed };
  }

  async signIn(): Promise<void> {
    if (!this.account) return;
    const res = await this.call('signIn', 'POST', '/api/Account/login', {
      userName: this.account,
      password: demoPassword,
    });
    const token = (res.body as { accessToken?: string } | undefined)?.accessToken;
    if (!token) throw new Error(`sign-in as ${this.account} answered ${res.status}`);
    this.token = token;
    await this.call('page', 'GET', '/api/Account/info');
    await this.workspace(true);
  }

  /** The landing page: its tasks (whose lists become this user's too), the bell and the inbox badge. */
  private async workspace(first = false): Promise<void> {
    const [tasks] = await Promise.all([
      this.call('page', 'GET', '/api/Workspace/tasks'),
      this.call('page', 'GET', '/api/Notification/unread-count'),
      this.call('page', 'GET', '/api/Message/getCountNewInbox'),
    ]);
    if (first) {
      const found = (tasks.body as { tasks?: { listApi?: string }[] } | undefined)?.tasks ?? [];
      for (const t of found) if (t.listApi) this.lists.push(t.listApi);
    }
  }

  private async list(): Promise<void> {
    const base = this.pick(this.lists);
    const params = new URLSearchParams({ pageNumber: this.random() < 0.15 ? '2' : '1', pageSize: '20' });
    if (this.random() < 0.25) params.set('keyWord', this.pick(keywords));
    const url = `${base}${base.includes('?') ? '&' : '?'}${params}`;
    const res = await this.call('page', 'GET', url);
    const rows = (res.body as { pageLists?: { id?: unknown }[] } | undefined)?.pageLists ?? [];
    const path = base.split('?')[0]!;
    this.lastList = { path, ids: rows.map((r) => r.id).filter((id): id is string => typeof id === 'string') };
  }

  private async detail(): Promise<void> {
    const last = this.lastList;
    const open = last && detailOf[last.path];
    if (!last || !open || last.ids.length === 0) return this.list();
    await this.call('page', 'GET', open(this.pick(last.ids)));
  }

  /** A message to someone the user may write to: the messaging page's look-up, then the send. */
  private async write(): Promise<void> {
    const people = await this.call('page', 'GET', '/api/Message/accounts?pageNumber=1&pageSize=20');
    const ids = ((people.body as { pageLists?: { id: string }[] } | undefined)?.pageLists ?? []).map((p) => p.id);
    if (ids.length === 0) return;
    await this.call('write', 'POST', '/api/Message/send-email', {
      recipientIds: [this.pick(ids)],
      subject: 'Trao đổi về hồ sơ an toàn lao động',
      body: 'Kính gửi anh/chị, đề nghị kiểm tra và phản hồi hồ sơ trong tuần này. Trân trọng.',
    });
  }

  private async publicPage(): Promise<void> {
    const r = this.random();
    if (r < 0.35) {
      const [news] = await Promise.all([
        this.call('page', 'GET', '/api/News/public/get-paging?pageNumber=1&pageSize=10'),
        this.call('page', 'GET', '/api/News/public/topics'),
      ]);
      const ids = ((news.body as { pageLists?: { id: string }[] } | undefined)?.pageLists ?? []).map((n) => n.id);
      this.lastList = { path: '/api/News/public/get-paging', ids };
    } else if (r < 0.5) await this.detail();
    else if (r < 0.65) await this.list();
    else if (r < 0.85) {
      // A credential's number read off the card; now and then a mistyped one (404 is its answer).
      const number =
        this.random() < 0.8 ? this.pick(this.job.lookupNumbers) : `58${Math.floor(this.random() * 1e8)}/2025/SO-HL`;
      await this.call(
        'page',
        'GET',
        `/api/TrainingCertificate/public-lookup?number=${encodeURIComponent(number)}`,
        undefined,
        [404],
      );
    } else {
      await this.call(
        'page',
        'GET',
        `/api/Inspection/public-lookup?keyWord=${encodeURIComponent(this.pick(keywords))}`,
      );
    }
  }

  async visit(): Promise<void> {
    if (!this.account) return this.publicPage();
    const r = this.random();
    if (r < this.job.writeShare) return this.write();
    if (r < 0.2) return this.workspace();
    if (r < 0.6) return this.list();
    if (r < 0.8) return this.detail();
    if (r < 0.9) {
      await this.call('page', 'GET', '/api/Notification/notifications?pageNumber=1&pageSize=10');
      return;
    }
    const news = await this.call('page', 'GET', '/api/News/public/get-paging?pageNumber=1&pageSize=10');
    const ids = ((news.body as { pageLists?: { id: string }[] } | undefined)?.pageLists ?? []).map((n) => n.id);
    this.lastList = { path: '/api/News/public/get-paging', ids };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(job: MixedJob): Promise<MixedResult> {
  const rec = new Recorder();
  const roles = rolesFor(job.users);
  const turn = new Map<Role, number>();
  const users = roles.map((role, i) => {
    const accounts = rolePlans.find((p) => p.role === role)!.accounts;
    const n = turn.get(role) ?? 0;
    turn.set(role, n + 1);
    return new VirtualUser(job, rec, role, accounts[n % accounts.length], i, seeded(job.seed * 7919 + i));
  });
  const started = performance.now();
  const end = started + job.durationSeconds * 1000;
  const progress = setInterval(() => {
    let count = 0;
    let errors = 0;
    for (const c of rec.calls.values()) {
      count += c.count;
      errors += c.errors;
    }
    const s = (performance.now() - started) / 1000;
    process.send?.({
      progress: `${Math.round(s)} s: ${count} answers (${(count / s).toFixed(0)}/s), ${errors} errors`,
    });
  }, 10_000);
  await Promise.all(
    users.map(async (user, i) => {
      await sleep((job.rampSeconds * 1000 * i) / job.users);
      const random = seeded(job.seed * 104_729 + i);
      try {
        await user.signIn();
      } catch {
        return; // counted as the sign-in's error
      }
      while (performance.now() < end) {
        const [min, max] = job.thinkMs;
        await sleep(min + random() * (max - min));
        if (performance.now() >= end) break;
        await user.visit();
      }
    }),
  );
  clearInterval(progress);
  const seconds = (performance.now() - started) / 1000;
  const classes = Object.fromEntries(callClasses.map((c) => [c, { all: [] as number[], errors: 0 }]));
  const calls: Record<string, CallStats> = {};
  for (const [key, c] of rec.calls) {
    // One by one: a spread of a long run's latencies would overflow the call stack.
    for (const ms of c.latencies) classes[c.class]!.all.push(ms);
    classes[c.class]!.errors += c.errors;
    calls[key] = { class: c.class, count: c.count, errors: c.errors, latencies: Float64Array.from(c.latencies) };
  }
  const userCounts = Object.fromEntries(rolePlans.map((p) => [p.role, roles.filter((r) => r === p.role).length]));
  return {
    seconds,
    classes: Object.fromEntries(
      callClasses.map((c) => [c, { latencies: Float64Array.from(classes[c]!.all), errors: classes[c]!.errors }]),
    ) as MixedResult['classes'],
    calls,
    users: userCounts as MixedResult['users'],
    errorSamples: rec.errorSamples,
  };
}

process.once('message', (job: MixedJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: (err as Error).stack ?? String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
