/**
 * Who the mixed-load bench's virtual users are and what their day looks like: the demo accounts of every role in
 * a province's proportions, and the API calls their everyday pages make. Plain data, shared by the runner
 * (mixed-runner.ts) and the measurement's report.
 */

export type Role =
  'employer' | 'public' | 'commune' | 'department' | 'inspector' | 'trainingBody' | 'serviceCentre' | 'admin';

/** How a call counts: what a page waits for, a write, or signing in (argon2id by design, so apart). */
export type CallClass = 'page' | 'write' | 'signIn';
export const callClasses: readonly CallClass[] = ['page', 'write', 'signIn'];

export interface RolePlan {
  role: Role;
  /** Share of the virtual users (the weights add up to 100). */
  weight: number;
  /** Demo accounts (password Demo@2026) the role's users sign in as, in turn; none: anonymous visitors. */
  accounts: readonly string[];
  /** Lists its menu opens daily (paged: pageNumber, pageSize, keyWord are added). */
  lists: readonly string[];
}

/**
 * Employers are most of a province's users; the public next (look-ups, news); then the communes and the
 * department's officers; inspectors, training bodies, the service centre and administrators are few.
 */
export const rolePlans: readonly RolePlan[] = [
  {
    role: 'employer',
    weight: 35,
    accounts: ['dn.caudatxanh', 'dn.rauhoa'],
    lists: [
      '/api/Worker/workers',
      '/api/Accident/accidents',
      '/api/WorkerLicense/workerLicenses',
      '/api/Equipment/declarations',
      '/api/Inspection/inspections',
      '/api/TrainingCertificate/get-paging-refresher',
      '/api/ObservationMonitor/get-paging',
    ],
  },
  {
    role: 'public',
    weight: 20,
    accounts: [],
    lists: ['/api/News/public/get-paging', '/api/LegalDocument/public-list', '/api/Inspector/public-list'],
  },
  {
    role: 'commune',
    weight: 12,
    accounts: ['canbo.xuanhuong'],
    lists: [
      '/api/Bussiness/bussinesses',
      '/api/Worker/workers',
      '/api/Accident/accidents',
      '/api/OfficalProfile/users',
    ],
  },
  {
    role: 'department',
    weight: 12,
    accounts: ['canbo.so'],
    lists: [
      '/api/Worker/workers',
      '/api/Bussiness/bussinesses',
      '/api/Accident/accidents',
      '/api/Accident/investigations',
      '/api/WorkerLicense/workerLicenses',
      '/api/Equipment/declarations',
      '/api/Inspection/inspections',
      '/api/TrainingCertificate/get-paging-refresher',
      '/api/OvertimeNotification/overtimeNotifications',
      '/api/ObservationMonitor/get-paging',
    ],
  },
  {
    role: 'inspector',
    weight: 6,
    accounts: ['thanhtra'],
    lists: [
      '/api/Inspection/inspections',
      '/api/Bussiness/bussinesses',
      '/api/Accident/investigations',
      '/api/Accident/accidents',
      '/api/Worker/workers',
    ],
  },
  {
    role: 'trainingBody',
    weight: 5,
    accounts: ['huanluyen'],
    lists: [
      '/api/TrainingCertificate/trainingCertificates',
      '/api/TrainingCertificate/get-paging-refresher',
      '/api/TrainingOrganization/own-class',
    ],
  },
  {
    role: 'serviceCentre',
    weight: 5,
    accounts: ['ttdvvl'],
    lists: [
      '/api/Worker/workers',
      '/api/Bussiness/bussinesses',
      '/api/WorkerLicense/workerLicenses',
      '/api/CollectWorker/collectWorkers',
    ],
  },
  {
    role: 'admin',
    weight: 5,
    accounts: ['quantri'],
    lists: [
      '/api/OfficalProfile/users',
      '/api/AccessHistory/get-paging',
      '/api/Unit/units',
      '/api/MailOutbox/get-paging',
    ],
  },
];

export const demoPassword = 'Demo@2026';

/** Lists whose rows open at `<list>/<id>` (the catalogue's "one record" and the workflows' record pages). */
export const detailOf: Readonly<Record<string, (id: string) => string>> = {
  '/api/Worker/workers': (id) => `/api/Worker/workers/${id}`,
  '/api/Bussiness/bussinesses': (id) => `/api/Bussiness/bussinesses/${id}`,
  '/api/Accident/accidents': (id) => `/api/Accident/accidents/${id}`,
  '/api/Accident/investigations': (id) => `/api/Accident/investigations/${id}`,
  '/api/Equipment/declarations': (id) => `/api/Equipment/declarations/${id}`,
  '/api/Inspection/inspections': (id) => `/api/Inspection/inspections/${id}`,
  '/api/TrainingCertificate/trainingCertificates': (id) => `/api/TrainingCertificate/trainingCertificates/${id}`,
  '/api/OfficalProfile/users': (id) => `/api/OfficalProfile/users/${id}`,
  '/api/Unit/units': (id) => `/api/Unit/units/${id}`,
  '/api/News/public/get-paging': (id) => `/api/News/public/get-by-id/${id}`,
  '/api/Message/getInbox': (id) => `/api/Message/inboxDetail/${id}`,
};

/** What people type into a list's search box (accent-insensitive search: with and without accents). */
export const keywords = ['nguyen', 'Nguyễn Văn', 'cà phê', 'lam dong', 'an toàn', 'tran', 'Đà Lạt', 'rau hoa'];

/** A seeded pseudo-random source (mulberry32): the same seed gives the same users, roles and choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The role of the i-th of n users: by largest remainder, so every role with a weight gets its share. */
export function rolesFor(users: number): Role[] {
  const total = rolePlans.reduce((s, p) => s + p.weight, 0);
  const exact = rolePlans.map((p) => (p.weight / total) * users);
  const counts = exact.map(Math.floor);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; counts.reduce((s, c) => s + c, 0) < users; k++) counts[order[k % order.length]!.i]!++;
  // Interleaved, so a ramp-up or a short run has every role from the start.
  const queues = rolePlans.map((p, i) => Array<Role>(counts[i]!).fill(p.role));
  const roles: Role[] = [];
  while (roles.length < users) for (const q of queues) if (q.length) roles.push(q.pop()!);
  return roles;
}

/** A call's key in the report: method and path with ids as {id}, no query. */
export function callKey(method: string, url: string): string {
  const path = url.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
  return `${method} ${path}`;
}
