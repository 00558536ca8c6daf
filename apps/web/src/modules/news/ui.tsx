import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { NewsState } from '@portal/domain/news/index';

const COLORS: Record<NewsState, string> = { draft: 'default', published: 'green', hidden: 'orange' };

export function StateTag({ state }: { state: NewsState }) {
  const { t } = useTranslation('news');
  return <Tag color={COLORS[state]}>{t(`states.${state}`)}</Tag>;
}
