import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import { EMPTY_VALUE, formatDate } from '@portal/domain/format';
import { apiFetch } from '../../app/api-client.ts';
import { useConfiguration } from '../../app/configuration.ts';
import { displayNumber } from '../../platform/format.ts';
import { PublicSearchList, PublicTitledPage } from '../home/index.ts';
import { employmentApi, employmentKeys, type BoardItem } from './api.ts';
import { payRange } from './matches.tsx';

interface Ward {
  id: string;
  fullName: string;
}

/** The communes of the portal's province (the same list and cache as the forms' commune picker). */
function useWards() {
  const province = useConfiguration()?.provinceCode;
  return useQuery({
    queryKey: ['admin-units', 'ward', province ?? null],
    queryFn: ({ signal }) => apiFetch<Ward[]>(`/api/OfficalProfile/wards/${province}`, { signal }),
    enabled: Boolean(province),
    staleTime: Infinity,
  });
}

/**
 * `/tra-cuu-viec-lam`: the open vacancies of the province's employers, for everyone — the position, the employer,
 * the occupation, where, how many, the pay, the contract and the closing date — searched by words and commune,
 * page by page. Nothing about any person; how to apply is through the employment service centre.
 */
export default function PublicBoardPage() {
  const { t } = useTranslation('employment');
  const wards = useWards();
  const occupations = useQuery({
    queryKey: employmentKeys.boardOccupations,
    queryFn: ({ signal }) => employmentApi.boardOccupations(signal),
    staleTime: 60_000,
  });
  const field = (name: string) => t(`areas.vacancy.fields.${name}`);
  const renderItem = (v: BoardItem) => (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
        {v.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {v.employer ?? t('board.employerUnnamed')} · {t('board.code', { code: v.code })}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'occupation', label: t('board.occupation'), children: v.occupation },
          { key: 'commune', label: t('board.commune'), children: v.commune ?? EMPTY_VALUE },
          {
            key: 'quantity',
            label: t('board.quantity'),
            children: v.quantity === null ? EMPTY_VALUE : displayNumber(v.quantity),
          },
          { key: 'pay', label: t('pay.label'), children: payRange(t, v.payFrom, v.payTo) },
          {
            key: 'contract',
            label: field('contractKind'),
            children: v.contractKind ? t(`contractKinds.${v.contractKind}`) : EMPTY_VALUE,
          },
          { key: 'closing', label: field('closingDate'), children: formatDate(v.closingDate) },
          ...(v.educationLevel
            ? [
                {
                  key: 'education',
                  label: field('educationLevel'),
                  children: t(`workers:educationLevels.${v.educationLevel}`),
                },
              ]
            : []),
        ]}
      />
      {v.requirements && (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginTop: 8, marginBottom: 0 }}>
          {field('requirements')}: {v.requirements}
        </Typography.Paragraph>
      )}
    </>
  );
  return (
    <PublicTitledPage title={t('board.title')} intro={t('board.intro')} privacy={t('board.privacy')}>
      <PublicSearchList<BoardItem>
        queryKey={employmentKeys.board}
        fetchPage={employmentApi.board}
        keyWordParam="keyword"
        searchLabel={t('board.search')}
        filters={[
          {
            name: 'adminUnitId',
            label: t('board.commune'),
            options: (wards.data ?? []).map((w) => ({ value: w.id, label: w.fullName })),
            width: 300,
            searchable: true,
            loading: wards.isLoading,
          },
          {
            name: 'occupationId',
            label: t('board.occupationFilter'),
            options: (occupations.data ?? []).map((o) => ({
              value: o.id,
              label: t('board.occupationOption', { name: o.name, open: o.open }),
            })),
            width: 300,
            searchable: true,
            loading: occupations.isLoading,
          },
        ]}
        texts={{ empty: t('board.empty'), noResult: t('board.noResult'), loadFailed: t('board.loadFailed') }}
        itemTestId="public-vacancy"
        rowKey={(v) => v.id}
        renderItem={renderItem}
      />
    </PublicTitledPage>
  );
}
