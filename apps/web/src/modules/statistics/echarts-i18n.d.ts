/** ECharts' locale objects (UMD files without types of their own): the texts ECharts draws, by language. */
declare module 'echarts/i18n/langVI-obj.js' {
  const locale: Record<string, unknown>;
  export default locale;
}
