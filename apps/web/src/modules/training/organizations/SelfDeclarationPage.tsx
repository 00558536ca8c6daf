import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Tag, Typography } from 'antd';
import { SELF_DECLARATION_PERMISSIONS } from '@portal/domain/training/organizations';
import {
  selfDeclarationActions,
  type SelfDeclarationActor,
  type SelfDeclarationStatus,
} from '@portal/domain/training/self-declaration';
import { can, useAccess } from '../../../app/access.ts';
import { apiFetch } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import type { CatalogRecord } from '../../../catalog/api.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { useUserData } from '../../../platform/auth/use-user-data.ts';
import { RecordPage } from '../../workers/index.ts';
import { organizationsApi, showDate, type SelfDeclarationMove } from './api.ts';
import { ReadOnlyRecord } from './ReadOnlyRecord.tsx';
import { ConfirmPopover } from '../../../platform/dialogs/index.tsx';

/** The class A conditions in force today (a TrainingClassCondition row), which a file sent today must meet. */
interface ClassAConditions {
  date: string;
  conditions: {
    minimumClassroomArea: number;
    minimumTrainers: number;
    minimumFirstAidTrainers: number;
    legalBasis: string;
  } | null;
}

/** The conditions the declarant reads before sending: the department's row in force, never numbers of our own. */
function Conditions() {
  const { t } = useTranslation('training');
  const query = useQuery({
    queryKey: ['training', 'class-a-conditions'],
    queryFn: ({ signal }) => apiFetch<ClassAConditions>('/api/TrainingSelfDeclaration/class-a-conditions', { signal }),
  });
  if (!query.data) return null;
  const c = query.data.conditions;
  return c ? (
    <Typography.Text type="secondary">
      {t('selfDeclaration.web.conditions', {
        area: c.minimumClassroomArea,
        count: c.minimumTrainers,
        firstAid: c.minimumFirstAidTrainers,
        basis: c.legalBasis,
      })}
    </Typography.Text>
  ) : (
    <Alert
      type="warning"
      showIcon
      message={t('selfDeclaration.errors.NO_CONDITIONS', { date: showDate(query.data.date) })}
    />
  );
}

const STATUS_COLORS: Record<SelfDeclarationStatus, string> = {
  draft: 'default',
  submitted: 'gold',
  resubmitted: 'gold',
  acknowledged: 'green',
  refused: 'red',
};

/** The file's status, what the department said, and the moves open to the caller (the state machine's table). */
function Workflow({ record, actor }: { record: CatalogRecord; actor: SelfDeclarationActor }) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const status = record.status as SelfDeclarationStatus;
  const moves = selfDeclarationActions(status, actor).filter(
    (a): a is SelfDeclarationMove => a !== 'edit' && a !== 'delete',
  );
  const move = useMutation({
    mutationFn: (m: SelfDeclarationMove) =>
      organizationsApi.move(record.id, m, {
        updatedAt: record.updatedAt as string,
        ...(m === 'refuse' ? { reason: reason.trim() } : {}),
      }),
    onSuccess: async (_r, m) => {
      toast.success(t(`selfDeclaration.web.done.${m}`));
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'trainingSelfDeclaration'] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Flex vertical gap={12}>
      {status === 'acknowledged' && (
        <Alert
          type="success"
          showIcon
          message={t('selfDeclaration.web.acknowledgedAs', {
            date: showDate(record.acknowledgedOn as string | null),
            number: String(record.number ?? ''),
          })}
        />
      )}
      {status === 'refused' && (
        <Alert
          type="error"
          showIcon
          message={t('selfDeclaration.web.refusedBecause', { reason: String(record.refusedReason ?? '') })}
        />
      )}
      {(status === 'submitted' || status === 'resubmitted') && actor === 'declarant' && (
        <Alert type="info" showIcon message={t('selfDeclaration.web.waiting')} />
      )}
      {actor === 'declarant' && moves.length > 0 && <Conditions />}
      {moves.includes('refuse') && (
        <Input.TextArea
          aria-label={t('selfDeclaration.web.reasonLabel')}
          placeholder={t('selfDeclaration.web.reasonLabel')}
          maxLength={2000}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      {moves.length > 0 && (
        <Flex gap={8} wrap>
          {moves.map((m) =>
            m === 'acknowledge' ? (
              <ConfirmPopover
                key={m}
                title={t('selfDeclaration.web.acknowledgeConfirm')}
                onConfirm={() => move.mutate(m)}
                okText={t('selfDeclaration.actions.acknowledge')}
              >
                <Button type="primary" loading={move.isPending} data-testid={`self-declaration-${m}`}>
                  {t(`selfDeclaration.actions.${m}`)}
                </Button>
              </ConfirmPopover>
            ) : (
              <Button
                key={m}
                type={m === 'refuse' ? 'default' : 'primary'}
                danger={m === 'refuse'}
                disabled={m === 'refuse' && !reason.trim()}
                loading={move.isPending}
                onClick={() => move.mutate(m)}
                data-testid={`self-declaration-${m}`}
              >
                {t(`selfDeclaration.actions.${m}`)}
              </Button>
            ),
          )}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * A class A self-declaration: its facts (the generic form, editable by the declarant while a draft or refused)
 * and its handling. `view` is the employer's or the department's page of the area.
 */
function SelfDeclarationPage({ view }: { view: 'employer' | 'department' }) {
  const { t } = useTranslation('training');
  const access = useAccess();
  const unitKind = useUserData()?.unit.kind;
  const [subject, action] = SELF_DECLARATION_PERMISSIONS.review.split('.') as [string, string];
  const actor: SelfDeclarationActor =
    view === 'department' && unitKind !== 'employer' && can(access, action, subject) ? 'reviewer' : 'declarant';
  return (
    <RecordPage pageId={`trainingSelfDeclaration.${view}`}>
      {({ c, page, record, form, canEdit }) => {
        const status = record.status as SelfDeclarationStatus;
        const editable = actor === 'declarant' && canEdit && (status === 'draft' || status === 'refused');
        return (
          <Flex vertical gap={16} style={{ maxWidth: 1040 }}>
            <Card
              title={t('selfDeclaration.web.workflow')}
              extra={<Tag color={STATUS_COLORS[status]}>{t(`selfDeclaration.statuses.${status}`)}</Tag>}
            >
              <Workflow record={record} actor={actor} />
            </Card>
            <Card title={`${String(record.businessName ?? '')} · ${String(record.code ?? '')}`}>
              {/* A sent file is read, not edited (the server refuses changes to it anyway). */}
              {editable ? form : <ReadOnlyRecord c={c} page={page} record={record} />}
            </Card>
          </Flex>
        );
      }}
    </RecordPage>
  );
}

export function bindView(view: 'employer' | 'department') {
  const Bound = () => <SelfDeclarationPage view={view} />;
  Bound.displayName = `SelfDeclarationPage(${view})`;
  return Bound;
}
