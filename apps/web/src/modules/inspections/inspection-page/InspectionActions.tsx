import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { toast } from '../../../app/toast.ts';
import { ActionsBar, allowedActions, type RecordAction } from '../../../platform/record/index.ts';
import { inspectionApi, inspectionKeys, type InspectionDetail } from '../api.ts';
import { ConcludeDialog } from './dialogs.tsx';

type Action = 'delete' | 'cancel' | 'start' | 'conclude';

/** Start, conclude, cancel, delete: the buttons the server says the caller may press now. */
export function InspectionActions({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [concluding, setConcluding] = useState(false);
  const done = async (saved: InspectionDetail | null, message: string) => {
    toast.success(message);
    if (saved) queryClient.setQueryData(inspectionKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
  };
  const declared: RecordAction<Action>[] = [
    {
      key: 'delete',
      label: t('actions.delete'),
      needs: 'confirm',
      danger: true,
      confirm: { title: t('pages.deleteTitle'), content: t('pages.deleteContent') },
    },
    {
      key: 'cancel',
      label: t('actions.cancel'),
      needs: 'reason',
      reason: { title: t('pages.cancelTitle'), label: t('fields.cancelReason'), okText: t('pages.ok') },
    },
    {
      key: 'start',
      label: t('actions.start'),
      needs: 'confirm',
      confirm: { title: t('pages.startTitle'), content: t('pages.startContent') },
      'data-testid': 'start-inspection',
    },
    // The conclusion is a form of its own (number, date, summary, file): its dialog asks for it.
    { key: 'conclude', label: t('actions.conclude'), 'data-testid': 'conclude-inspection' },
  ];
  const run = async (key: Action, { reason }: { reason?: string }) => {
    if (key === 'conclude') return setConcluding(true);
    if (key === 'delete') {
      await inspectionApi.remove([d.id]);
      await done(null, t('pages.deleted'));
      return void navigate(INSPECTION_PATHS.list);
    }
    if (key === 'start') return done(await inspectionApi.start(d.id, d.version), t('pages.started'));
    return done(await inspectionApi.cancel(d.id, d.version, reason ?? ''), t('pages.cancelled'));
  };
  return (
    <>
      <ActionsBar actions={allowedActions(declared, d.actions)} onRun={run} />
      <ConcludeDialog
        inspection={d}
        open={concluding}
        onClose={() => setConcluding(false)}
        onDone={(saved) => done(saved, t('pages.concluded'))}
      />
    </>
  );
}
