import { defineCatalog, field } from '../define.ts';
import type { FieldCheck } from '../types.ts';
import { FAIR_KINDS, FAIR_STATUSES } from '../../employment/constants.ts';
import { FAIR_PAGES } from '../../employment/pages.ts';

const clockTime: FieldCheck = {
  with: [],
  rule: (value) =>
    typeof value === 'string' && value !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)
      ? 'employment:validation.clockTime'
      : null,
};

const endsAfterStart: FieldCheck = {
  with: ['startTime'],
  rule: (value, record) =>
    typeof value === 'string' && typeof record.startTime === 'string' && value !== '' && value <= record.startTime
      ? 'employment:validation.endBeforeStart'
      : null,
};

const closesByTheDay: FieldCheck = {
  with: ['heldOn'],
  rule: (value, record) =>
    typeof value === 'string' && typeof record.heldOn === 'string' && value > record.heldOn
      ? 'employment:validation.registrationAfterSession'
      : null,
};

/**
 * Job exchange sessions ("phiên giao dịch việc làm", Decree 23/2021 Art 13): planned by the service centre, in
 * person at a place or online. One list for the province (employers and the public see them to take part); the
 * session's page — stalls, registrations, the door, interviews, results — is the employment module's own. Created
 * for a kind through the spec's `create/{type}`: `tao-moi/truc-tiep`, `tao-moi/truc-tuyen`.
 */
export default defineCatalog({
  key: 'jobFair',
  area: 'JobFair',
  plural: 'jobFairs',
  table: 'job_fair',
  scope: 'global',
  texts: 'employment:areas.jobFair',
  fields: {
    code: field.code(),
    title: field.name({ max: 300, width: 36 }),
    kind: field.enum({
      options: FAIR_KINDS,
      default: 'inPerson',
      optionLabels: 'employment:fairKinds',
    }),
    heldOn: field.date({ required: true }),
    startTime: field.text({ max: 5, check: clockTime, sample: (_tag, n) => `0${7 + (n % 2)}:30` }),
    endTime: field.text({ max: 5, check: endsAfterStart, sample: (_tag, n) => `1${1 + (n % 2)}:00` }),
    place: field.text({ max: 300, width: 36 }),
    adminUnitId: field.adminUnit({ level: 'ward', width: 30 }),
    onlineLink: field.text({ max: 500 }),
    registrationCloses: field.date({ check: closesByTheDay }),
    stallCapacity: field.number({ integer: true, min: 1, max: 1000 }),
    status: field.enum({ options: FAIR_STATUSES, default: 'open', optionLabels: 'employment:fairStatuses' }),
    organiser: field.text({ max: 300 }),
    description: field.longText(),
  },
  titleField: 'title',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'title', 'kind', 'heldOn', 'place', 'adminUnitId', 'status'],
    defaultSort: { field: 'heldOn', order: 'desc' },
  },
  filters: ['kind', 'status', 'adminUnitId', 'heldOn'],
  search: ['code', 'title', 'place'],
  importPresets: ['kind'],
  paths: { combobox: ['combobox'] },
  routes: {
    base: FAIR_PAGES.base,
    detail: 'chi-tiet/{id}',
    own: ['detail'],
    // The spec's `/marvel/list`: the sessions' list under its short name.
    aliases: { list: '/marvel/list' },
  },
  views: [
    // Every session: the menu's list, the forms and the session's page.
    { key: 'all', routes: { base: FAIR_PAGES.base }, fixed: {}, menu: { order: 45 } },
    {
      key: 'inPerson',
      routes: {
        base: FAIR_PAGES.base,
        list: 'truc-tiep',
        create: 'tao-moi/truc-tiep',
        edit: false,
        import: false,
        detail: false,
        aliases: {},
      },
      fixed: { kind: 'inPerson' },
      menu: false,
    },
    {
      key: 'online',
      routes: {
        base: FAIR_PAGES.base,
        list: 'truc-tuyen',
        create: 'tao-moi/truc-tuyen',
        edit: false,
        import: false,
        detail: false,
        aliases: {},
      },
      fixed: { kind: 'online' },
      menu: false,
    },
  ],
  menu: { group: 'employment', order: 45 },
});
