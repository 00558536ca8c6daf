import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Col, Flex, Row, Select, Statistic, Tag, Tooltip } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  EditFilled,
  ExclamationCircleFilled,
  MinusCircleFilled,
  RollbackOutlined,
} from '@ant-design/icons';
import { formatDate, formatDateTime } from '@portal/domain/format';
import type { FilingStatus } from '@portal/domain/reports/filing';
import { displayCount, displayNumber } from '../../../platform/format.ts';
import type { Choice, Standing } from './api.ts';

/**
 * Pieces the status pages share (the signed-in ones and the public ones, so nothing heavy: no catalogue): the report
 * type and period chosen in the address, the figures of a standing, a reporter's standing as a tag.
 */

export interface TypeOption {
  id: string;
  code: string;
  name: string;
  filer: string;
  periods: { key: string; start: string; end: string }[];
}

/**
 * The report type and period in the address (`?type=…&period=…`), by default the first type that has an opened
 * period and its newest one. Changing the type takes its newest period.
 */
export function useChoice(types: readonly TypeOption[] | undefined) {
  const [params, setParams] = useSearchParams();
  const withPeriods = (types ?? []).filter((t) => t.periods.length > 0);
  const type = withPeriods.find((t) => t.id === params.get('type')) ?? withPeriods[0];
  // By default the newest period that has ended (its reports are being filed, or were); else the newest.
  const today = new Date().toISOString().slice(0, 10);
  const period =
    type?.periods.find((p) => p.key === params.get('period')) ??
    type?.periods.find((p) => p.end < today) ??
    type?.periods[0];
  const choice: Choice | null = type && period ? { reportTypeId: type.id, periodKey: period.key } : null;
  const write = (changes: Record<string, string | null>) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return {
    choice,
    type,
    period,
    types: withPeriods,
    setType: (id: string) => write({ type: id, period: null, page: null }),
    setPeriod: (key: string) => write({ period: key, page: null }),
  };
}

/** The two selects of a status page: which report, which period. */
export function ChoiceSelects({ state }: { state: ReturnType<typeof useChoice> }) {
  const { t } = useTranslation('reportStatus');
  return (
    <Flex gap={8} wrap>
      <Select
        showSearch
        optionFilterProp="label"
        aria-label={t('page.reportType')}
        placeholder={t('page.reportType')}
        value={state.type?.id}
        onChange={(v: string) => state.setType(v)}
        options={state.types.map((x) => ({ value: x.id, label: x.name }))}
        style={{ width: 420, maxWidth: '100%' }}
        data-testid="status-type"
      />
      <Select
        aria-label={t('page.period')}
        placeholder={t('page.period')}
        value={state.period?.key}
        onChange={(v: string) => state.setPeriod(v)}
        options={(state.type?.periods ?? []).map((p) => ({
          value: p.key,
          label: t('page.periodOption', { key: p.key, start: formatDate(p.start), end: formatDate(p.end) }),
        }))}
        style={{ width: 280, maxWidth: '100%' }}
        data-testid="status-period"
      />
    </Flex>
  );
}

/** A rate (0–1) as a percentage with one decimal; a dash when nothing is expected. */
export const percent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${displayNumber(rate * 100, { maxDecimals: 1 })} %`;

/** The counts a figure card shows, in order; each may lead to the reporters behind it. */
export const FIGURES = ['expected', 'complete', 'onTime', 'late', 'returned', 'missing'] as const;
export type Figure = (typeof FIGURES)[number];

/** The standing as figure cards (counts, then the two rates); `onPick` makes each count a link to its reporters. */
export function Figures({
  standing,
  onPick,
  picked,
  extra,
}: {
  standing: Standing;
  onPick?: (figure: Figure | null) => void;
  picked?: string | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('reportStatus');
  const card = (key: string, value: ReactNode, pick?: Figure | null) => {
    // A count that picks the reporters behind it (`expected`: all of them); the rates pick nothing.
    const pickable = !!onPick && pick !== undefined;
    const chosen = pickable && (picked ?? null) === pick;
    const choose = () => onPick?.(chosen ? null : (pick ?? null));
    return (
      <Col key={key} xs={12} sm={8} lg={3}>
        <Tooltip title={t(`countHelp.${key}`)}>
          <Card
            size="small"
            hoverable={pickable}
            onClick={pickable ? choose : undefined}
            onKeyDown={
              pickable
                ? (e) => {
                    if (e.key === 'Enter' || e.key === ' ') choose();
                  }
                : undefined
            }
            tabIndex={pickable ? 0 : undefined}
            role={pickable ? 'button' : undefined}
            aria-pressed={pickable ? chosen : undefined}
            style={chosen ? { borderColor: '#1677ff' } : undefined}
            data-testid={`status-figure-${key}`}
          >
            <Statistic title={t(`counts.${key}`)} value={value as string} valueStyle={{ fontSize: 22 }} />
          </Card>
        </Tooltip>
      </Col>
    );
  };
  return (
    <Row gutter={[8, 8]}>
      {FIGURES.map((k) => card(k, displayCount(standing[k]), k === 'expected' ? null : k))}
      {card('completeness', percent(standing.completeness))}
      {card('timeliness', percent(standing.timeliness))}
      {extra}
    </Row>
  );
}

const LOOK: Record<FilingStatus, { color: string; icon: ReactNode }> = {
  notOpen: { color: 'default', icon: <MinusCircleFilled /> },
  open: { color: 'default', icon: <ClockCircleFilled /> },
  draft: { color: 'processing', icon: <EditFilled /> },
  submitted: { color: 'blue', icon: <ClockCircleFilled /> },
  returned: { color: 'warning', icon: <RollbackOutlined /> },
  accepted: { color: 'success', icon: <CheckCircleFilled /> },
  overdue: { color: 'error', icon: <CloseCircleFilled /> },
};

/** A reporter's standing in words, an icon and a colour (never colour alone). */
export function StandingTag({ status }: { status: FilingStatus }) {
  const { t } = useTranslation('reportStatus');
  return (
    <Tag color={LOOK[status].color} icon={LOOK[status].icon} data-testid="status-tag">
      {t(`statuses.${status}`)}
    </Tag>
  );
}

const FILED_LOOK = {
  onTime: { color: 'success', icon: <CheckCircleFilled /> },
  late: { color: 'warning', icon: <ClockCircleFilled /> },
  notFiled: { color: 'error', icon: <ExclamationCircleFilled /> },
} as const;

/**
 * How an employer filed (the public list), in words, an icon and a colour. Not filed is an alarm only once the due
 * day has passed.
 */
export function FiledTag({ status, overdue }: { status: keyof typeof FILED_LOOK; overdue: boolean }) {
  const { t } = useTranslation('reportStatus');
  const waiting = status === 'notFiled' && !overdue;
  return (
    <Tag
      color={waiting ? 'default' : FILED_LOOK[status].color}
      icon={waiting ? <ClockCircleFilled /> : FILED_LOOK[status].icon}
    >
      {t(waiting ? 'filed.notYetDue' : `filed.${status}`)}
    </Tag>
  );
}

/** "Hạn nộp 10/01/2026 · số liệu tính đến 09:15 12/01/2026". */
export function AsOf({ dueOn, asOf }: { dueOn?: string | null | undefined; asOf: string }) {
  const { t } = useTranslation('reportStatus');
  return (
    <span data-testid="status-as-of">
      {dueOn ? `${t('page.dueOn', { date: formatDate(dueOn) })} · ` : ''}
      {t('page.asOf', { time: formatDateTime(asOf) })}
    </span>
  );
}
