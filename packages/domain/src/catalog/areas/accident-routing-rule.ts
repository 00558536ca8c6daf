import { defineCatalog, field } from '../define.ts';
import { ROUTING_DECLARANTS, ROUTING_RECIPIENTS, ROUTING_TRIGGERS } from '../../accidents/rules.ts';

/**
 * Who receives a declared accident at once (Law 84/2015 Art 34.1.b and d; Decree 129/2025 Arts 42 and 45): for
 * an accident of a class (fatal, two or more seriously injured, any serious or fatal), declared by an employer or a
 * commune, the unit that must be told — the department, the commune of the place, the commune police. Kept as
 * data with its legal basis and validity dates, so a change of the law is a new row, and each routing records the
 * rule it followed (modules/accidents).
 */
export default defineCatalog({
  key: 'accidentRoutingRule',
  area: 'AccidentRoutingRule',
  plural: 'accidentRoutingRules',
  table: 'accident_routing_rule',
  scope: 'global',
  texts: 'accidents:areas.accidentRoutingRule',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    trigger: field.enum({ options: ROUTING_TRIGGERS, required: true, optionLabels: 'accidents:triggers' }),
    declarant: field.enum({ options: ROUTING_DECLARANTS, required: true, optionLabels: 'accidents:declarants' }),
    recipient: field.enum({ options: ROUTING_RECIPIENTS, required: true, optionLabels: 'accidents:recipients' }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'trigger', 'declarant', 'recipient', 'legalBasis', 'validFrom', 'validTo'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['trigger', 'recipient'],
  search: ['code', 'name', 'legalBasis'],
  routes: { base: '/danh-muc/noi-nhan-thong-bao-tai-nan' },
  menu: { group: 'accidents', order: 90 },
});
