import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { FilePdfOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { toast } from '../../../app/toast.ts';
import { ActionsBar, allowedActions, type RecordAction } from '../../../platform/record/index.ts';
import { accidentApi, accidentKeys, type AccidentDetail } from '../api.ts';
import { errorText, investigationPath } from '../ui.tsx';

type Action = 'return' | 'investigate';

/** The header's buttons: the receipt, the department's return (with its reason) and investigation, its link. */
export function AccidentActions({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const declared: RecordAction<Action>[] = [
    {
      key: 'return',
      label: t('form.returnAction'),
      needs: 'reason',
      icon: <RollbackOutlined />,
      reason: { title: t('form.returnTitle'), label: t('fields.returnReason') },
      'data-testid': 'accident-return',
    },
    {
      key: 'investigate',
      label: t('form.investigate'),
      primary: true,
      icon: <SearchOutlined />,
      'data-testid': 'accident-investigate',
    },
  ];
  const run = async (key: Action, { reason }: { reason?: string }) => {
    if (key === 'investigate') return void navigate(`${ACCIDENT_PATHS.investigationCreate}?accidentId=${detail.id}`);
    await accidentApi.returnForCompletion(detail.id, detail.version, reason ?? '');
    toast.success(t('form.returned'));
    await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
  };
  return (
    <ActionsBar
      actions={allowedActions(declared, detail.actions)}
      onRun={run}
      before={
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => void accidentApi.receipt(detail.id, detail.code).catch((e) => toast.error(errorText(e)))}
          data-testid="accident-receipt"
        >
          {t('form.receipt')}
        </Button>
      }
    >
      {detail.investigationId && (
        <Link to={investigationPath(detail.investigationId)} data-testid="accident-investigation-link">
          <Button>{t('form.openInvestigation')}</Button>
        </Link>
      )}
    </ActionsBar>
  );
}
