import { defineCatalog, field } from '../define.ts';

/** Labour contract types ("loại hợp đồng lao động") for workers' records. */
export default defineCatalog({
  key: 'workerContractType',
  area: 'WorkerContractType',
  plural: 'workerContractTypes',
  table: 'worker_contract_type',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    maxMonths: field.number({ integer: true, min: 1, max: 60 }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'maxMonths'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  paths: { combobox: ['get-combobox-worker-contract-type'] },
  routes: { base: '/nguoi-lao-dong/loai-hop-dong-lao-dong' },
  menu: { group: 'workers', order: 60 },
});
