import {
  init,
  registerLocale,
  registerMap,
  // ECharts' registration of the parts a bundle uses (not React's `use`).
  use as installParts,
  type ComposeOption,
  type EChartsType,
} from 'echarts/core';
import { BarChart, LineChart, MapChart } from 'echarts/charts';
import type { BarSeriesOption, LineSeriesOption, MapSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
// ECharts ships its Vietnamese texts (months, aria descriptions, legend and toolbox words) as a locale object; the
// English one is built in.
import langVI from 'echarts/i18n/langVI-obj.js';

/**
 * ECharts for the statistics pages, and only the parts they use: bar, line and map charts, the grid, tooltip,
 * legend, continuous visual map (the choropleth's scale) and aria, drawn on canvas. Imported by the statistics pages
 * alone, which the route table loads lazily: ECharts is in their chunk, never in the shell's first load.
 *
 * Every chart is accessible the same way: `aria` on (a generated description of its data, read by screen readers)
 * with decal patterns (series told apart by pattern, not only by colour), and the same rows in a table beside it.
 */
installParts([
  BarChart,
  LineChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapContinuousComponent,
  AriaComponent,
  CanvasRenderer,
]);

registerLocale('VI', langVI as Parameters<typeof registerLocale>[1]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | MapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
  | AriaComponentOption
>;

export type { EChartsType };

/** The ECharts locale of an interface language: Vietnamese, else English. */
export const chartLocale = (language: string): 'VI' | 'EN' => (language.startsWith('vi') ? 'VI' : 'EN');

/** A chart in `element`, in the interface language and skin. */
export function createChart(element: HTMLElement, options: { dark: boolean; language: string }): EChartsType {
  return init(element, options.dark ? 'dark' : undefined, {
    renderer: 'canvas',
    locale: chartLocale(options.language),
  });
}

/** Aria with decal patterns, always: a chart's own option cannot turn them off. */
export function withAria(option: ChartOption, description?: string): ChartOption {
  const own = (option.aria ?? {}) as AriaComponentOption;
  return {
    ...option,
    // The skin's background shows through (the card's colour in both skins).
    backgroundColor: 'transparent',
    aria: {
      ...own,
      enabled: true,
      decal: { show: true },
      ...(description ? { label: { enabled: true, description } } : {}),
    },
  };
}

/** Registers a GeoJSON map under `name` (the communes of a province). */
export function registerGeoMap(name: string, geoJson: object): void {
  registerMap(name, geoJson as Parameters<typeof registerMap>[1]);
}
