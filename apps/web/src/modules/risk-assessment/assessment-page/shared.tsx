import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { formatDate } from '@portal/domain/format';
import type { RiskLevel } from '@portal/domain/risk-assessment/rules';
import { riskKeys, type AssessmentDetails } from '../api.ts';

/** Pieces the assessment's steps share. */

export const show = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const money = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const LEVEL_COLORS: Record<RiskLevel, string> = {
  low: 'green',
  medium: 'gold',
  high: 'orange',
  veryHigh: 'red',
};

export function LevelTag({ level }: { level: RiskLevel | null }) {
  const { t } = useTranslation('riskAssessment');
  return level ? (
    <Tag color={LEVEL_COLORS[level]} data-testid="risk-level">
      {t(`levels.${level}`)}
    </Tag>
  ) : (
    <>—</>
  );
}

/** Every write answers the page's new state: put it in the cache, and refresh the lists and the library. */
export function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return async (data?: AssessmentDetails) => {
    if (data) queryClient.setQueryData(riskKeys.details(id), data);
    await queryClient.invalidateQueries({ queryKey: riskKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'riskAssessment'] });
  };
}
