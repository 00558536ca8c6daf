import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, List, Typography } from 'antd';
import { toast } from '../../../app/toast.ts';
import { FileLink } from '../../../catalog/FileField.tsx';
import { ActionsBar, allowedActions, type RecordAction } from '../../../platform/record/index.ts';
import { inspectionApi, inspectionKeys, type InspectionDetail, type Requirement } from '../api.ts';
import { RequirementTag, showDate } from '../ui.tsx';
import { AnswerDialog } from './dialogs.tsx';

type Action = 'answer' | 'accept' | 'return';

/** One requirement: its deadline, the employer's answer and evidence, the review; and what the caller may do. */
export function RequirementItem({ requirement: r, index }: { requirement: Requirement; index: number }) {
  const { t } = useTranslation('inspections');
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const done = async (saved: InspectionDetail, message: string) => {
    toast.success(message);
    queryClient.setQueryData(inspectionKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
  };
  const declared: RecordAction<Action>[] = [
    // The answer is a form of its own (text and evidence files): its dialog asks for it.
    { key: 'answer', label: t('actions.answer'), primary: true },
    {
      key: 'accept',
      label: t('actions.accept'),
      primary: true,
      needs: 'confirm',
      confirm: { title: t('actions.accept'), content: r.content },
    },
    {
      key: 'return',
      label: t('actions.return'),
      needs: 'reason',
      reason: { title: t('pages.returnTitle'), label: t('fields.reviewReason'), okText: t('pages.ok') },
    },
  ];
  const run = async (key: Action, { reason }: { reason?: string }) => {
    if (key === 'answer') return setAnswering(true);
    if (key === 'accept') return done(await inspectionApi.accept(r.id), t('pages.accepted'));
    return done(await inspectionApi.giveBack(r.id, reason ?? ''), t('pages.returned'));
  };
  const actions = allowedActions(declared, r.actions);
  return (
    <List.Item
      data-testid={`requirement-${index}`}
      actions={actions.length ? [<ActionsBar key="actions" size="small" actions={actions} onRun={run} />] : []}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} wrap align="center">
            <span>
              {index + 1}. {r.content}
            </span>
            <RequirementTag status={r.status} overdue={r.overdue} />
          </Flex>
        }
        description={
          <Flex vertical gap={4}>
            <span>
              {t('fields.deadline')}: {showDate(r.deadline)}
            </span>
            {r.answerText && (
              <span>
                <strong>{t('fields.answer')}:</strong> {r.answerText}
              </span>
            )}
            {r.answerFiles.length > 0 && (
              <Flex gap={8} wrap>
                <strong>{t('fields.evidence')}:</strong>
                {r.answerFiles.map((f) => (
                  <FileLink key={f.id} id={f.id} name={f.name} />
                ))}
              </Flex>
            )}
            {r.reviewReason && (
              <Typography.Text type="danger">
                {t('fields.reviewReason')}: {r.reviewReason}
              </Typography.Text>
            )}
          </Flex>
        }
      />
      <AnswerDialog
        requirement={r}
        open={answering}
        onClose={() => setAnswering(false)}
        onDone={(saved) => done(saved, t('pages.answered'))}
      />
    </List.Item>
  );
}
