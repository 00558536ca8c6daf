import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../app/ui-store.ts';
import { createChart, withAria, type ChartOption, type EChartsType } from './charts.ts';

/** What a click on a chart gives: the series, the category (bar, line) or region (map) name, its index. */
export interface ChartClick {
  seriesIndex: number;
  seriesName: string;
  name: string;
  dataIndex: number;
}

interface ChartProps {
  option: ChartOption;
  height?: number;
  /** A click on a bar, point or region. */
  onClick?: (click: ChartClick) => void;
  /**
   * Replaces ECharts' generated aria description (which reads regions by code and missing values as NaN): what the
   * chart shows, and that the table beside it has the figures.
   */
  description?: string;
  'data-testid'?: string;
}

/**
 * One ECharts chart: drawn in the interface language and skin (a change of either draws it anew), resized with its
 * box, disposed when it leaves the page.
 */
export function Chart({ option, height = 360, onClick, description, 'data-testid': testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const click = useRef(onClick);
  const skin = useUi((s) => s.skin);
  const { i18n } = useTranslation();
  const language = i18n.language;

  useEffect(() => {
    click.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = createChart(element, { dark: skin === 'dark', language });
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as unknown as ChartClick;
      click.current?.({ seriesIndex: p.seriesIndex, seriesName: p.seriesName, name: p.name, dataIndex: p.dataIndex });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [skin, language]);

  useEffect(() => {
    chart.current?.setOption(withAria(option, description), { notMerge: true });
  }, [option, description, skin, language]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
