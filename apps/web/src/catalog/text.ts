import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@portal/domain/format';
import { toLanguage } from '@portal/domain/languages';
import {
  areaText,
  displayKeyOf,
  fieldLabelKeys,
  firstTranslation,
  optionLabelKey,
  type ResolvedCatalog,
  type ResolvedPage,
  type Translate,
} from '@portal/domain/catalog/index';

/** Every text of an area in the interface language: title, noun, field labels, option labels, values. */
export function useCatalogText(c: ResolvedCatalog, page?: ResolvedPage) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const tr: Translate = (key, vars) => t(key, vars ?? {});
    const lang = toLanguage(i18n.language);
    const d = c.declaration;
    const label = (name: string) =>
      name === 'createdAt' || name === 'updatedAt'
        ? t(`catalog:fields.${name}`)
        : firstTranslation(fieldLabelKeys(d, name), tr);
    const option = (name: string, value: string) => t(optionLabelKey(d, name, value));
    /** A record's value as text for tables and details. */
    const display = (name: string, record: Record<string, unknown>): string => {
      const f = d.fields[name];
      const v = record[name];
      if (!f)
        return v == null ? '' : name.endsWith('At') ? new Date(String(v)).toLocaleString(i18n.language) : String(v);
      if (f.kind === 'boolean') return v ? t('catalog:list.yes') : t('catalog:list.no');
      if (v == null || v === '') return '';
      switch (f.kind) {
        case 'enum':
          return option(name, String(v));
        case 'date': {
          const [y, m, day] = String(v).split('-');
          return `${day}/${m}/${y}`;
        }
        case 'number':
          return f.phrase
            ? t(f.phrase, { count: Number(v) })
            : formatNumber(Number(v), lang, { grouping: f.grouping ?? true, maxDecimals: 6 });
        case 'reference':
        case 'treeReference':
        case 'adminUnit':
        case 'file':
        case 'employer':
          return String(record[displayKeyOf(name)] ?? v);
        default:
          return String(v);
      }
    };
    return {
      t,
      tr,
      lang,
      title: t(page?.titleKey ?? areaText(d, 'title')),
      noun: t(areaText(d, 'noun')),
      label,
      option,
      display,
    };
  }, [c, page, t, i18n.language]);
}

export type CatalogText = ReturnType<typeof useCatalogText>;

/** Accent- and case-free text, for filtering options in the browser the way the API searches. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}
