import { defineCatalog, field } from '../define.ts';

/** Topics of the news portal ("chủ đề tin tức"): each article belongs to one; the public list filters by them. */
export default defineCatalog({
  key: 'newsTopic',
  area: 'NewsTopic',
  plural: 'newsTopics',
  table: 'news_topic',
  scope: 'global',
  texts: 'news:areas.newsTopic',
  fields: {
    code: field.code(),
    name: field.name(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'description'], defaultSort: { field: 'name', order: 'asc' } },
  search: ['code', 'name'],
  paths: { combobox: ['combobox'] },
  routes: { base: '/tin-tuc/chu-de-tin-tuc' },
  menu: { group: 'news', order: 20 },
});
