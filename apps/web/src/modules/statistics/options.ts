import type { ChartOption } from './charts.ts';

/**
 * The statistics pages' chart options, built from rows already labelled: bars (columns for ordered categories,
 * horizontal bars sorted by size for the others), lines for periods, and the commune choropleth. Pure (types only
 * from ECharts).
 */

export interface SeriesInput {
  name: string;
  data: (number | null)[];
}

export interface CategoryChartInput {
  kind: 'bar' | 'line';
  /** Category labels, in display order. */
  categories: string[];
  series: SeriesInput[];
  /** Categories down the side (long names, many values) instead of along the bottom. */
  horizontal?: boolean;
  stacked?: boolean;
  format: (value: number) => string;
}

const grid = {
  left: 8,
  right: 24,
  top: 40,
  bottom: 8,
  outerBoundsMode: 'same' as const,
  outerBoundsContain: 'axisLabel' as const,
};

const formatValue = (format: (value: number) => string) => (value: unknown) =>
  typeof value === 'number' ? format(value) : '–';

/** A bar or line chart of categories, one series per year (or per value of a second breakdown). */
export function categoryOption(input: CategoryChartInput): ChartOption {
  const { kind, categories, series, horizontal = false, stacked = false, format } = input;
  const categoryAxis = {
    type: 'category' as const,
    data: categories,
    inverse: horizontal,
    axisLabel: horizontal
      ? { width: 180, overflow: 'truncate' as const }
      : { interval: 0, hideOverlap: true, width: 88, overflow: 'break' as const, lineHeight: 14 },
  };
  const valueAxis = { type: 'value' as const, axisLabel: { formatter: (v: number) => format(v) } };
  return {
    grid,
    legend: series.length > 1 ? { top: 0, type: 'scroll' } : { show: false },
    tooltip: { trigger: 'axis', valueFormatter: formatValue(format) },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) =>
      kind === 'line'
        ? { type: 'line' as const, name: s.name, data: s.data, connectNulls: false, symbolSize: 6 }
        : {
            type: 'bar' as const,
            name: s.name,
            data: s.data,
            ...(stacked ? { stack: 'total' } : {}),
            barMaxWidth: 40,
            emphasis: { focus: 'series' as const },
            cursor: 'pointer',
          },
    ),
  };
}

export interface MapInput {
  /** The registered map's name. */
  map: string;
  seriesName: string;
  /** One figure per commune, by its 5-digit code. */
  data: { code: string; value: number | null }[];
  /** Communes' names by code (the tooltip). */
  names: ReadonlyMap<string, string>;
  format: (value: number) => string;
  /** Texts of the visual map's ends. */
  noData: string;
}

/** The commune choropleth: regions named by code (the map's `code` property), a continuous scale from 0. */
export function mapOption(input: MapInput): ChartOption {
  const { map, seriesName, data, names, format, noData } = input;
  const max = Math.max(0, ...data.map((d) => d.value ?? 0));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const { name, value } = p as { name: string; value: unknown };
        const shown = typeof value === 'number' && !Number.isNaN(value) ? format(value) : noData;
        return `${escapeHtml(names.get(name) ?? name)}<br/><b>${escapeHtml(shown)}</b>`;
      },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: max || 1,
      left: 8,
      bottom: 8,
      calculable: true,
      itemHeight: 100,
      formatter: (v: unknown) => (typeof v === 'number' ? format(Math.round(v)) : String(v)),
      inRange: { color: ['#e6f4ff', '#69b1ff', '#1677ff', '#003eb3'] },
      outOfRange: { color: '#d9d9d9' },
    },
    series: [
      {
        type: 'map',
        name: seriesName,
        map,
        nameProperty: 'code',
        roam: false,
        selectedMode: false,
        layoutCenter: ['50%', '50%'],
        layoutSize: '95%',
        label: { show: false },
        itemStyle: { borderColor: '#8c8c8c', borderWidth: 0.5, areaColor: '#f0f0f0' },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#fadb14' } },
        data: data.map((d) => ({ name: d.code, value: d.value ?? Number.NaN })),
      },
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
