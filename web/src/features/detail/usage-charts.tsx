import { Card, theme } from 'antd';
import type { ComponentProps, CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisProps,
} from 'recharts';
import type { ModelTotal, UsageBucket } from './usage-series';

const PALETTE_KEYS = [
  'blue',
  'green',
  'gold',
  'purple',
  'cyan',
  'magenta',
  'volcano',
  'geekblue',
  'lime',
  'orange',
] as const;
const CHART_HEIGHT = 300;

/** Axis, grid, tooltip and series colours taken from the console's current theme (light or dark). */
function useChartTheme() {
  const { token } = theme.useToken();
  const palette = PALETTE_KEYS.map((key) => token[key]);
  const tooltip: CSSProperties = {
    background: token.colorBgElevated,
    border: `1px solid ${token.colorBorder}`,
    color: token.colorText,
  };
  return {
    colourOf: (index: number) => palette[index % palette.length] ?? token.colorPrimary,
    axis: { stroke: token.colorBorder, tick: { fill: token.colorTextSecondary, fontSize: 12 } },
    grid: token.colorBorderSecondary,
    tooltip,
    legend: { color: token.colorText },
    /** separates pie slices in the card's own colour */
    sliceStroke: token.colorBgContainer,
  };
}

interface ChartProps {
  buckets: UsageBucket[];
  models: ModelTotal[];
  /** how a quota value is shown in tooltips */
  formatQuota: (value: number) => string;
}

/** An hourly label loses its year ("11-18 10:00"), and ticks keep a gap so English and Chinese labels never overlap. */
const xAxisOf = (axis: ReturnType<typeof useChartTheme>['axis']) => ({
  ...axis,
  dataKey: 'label',
  minTickGap: 24,
  interval: 'preserveStartEnd' as const,
  tickFormatter: (label: string) => (label.length > 10 ? label.slice(5) : label),
});

const rowsOf = (buckets: UsageBucket[], field: 'quota' | 'count') =>
  buckets.map((bucket) => ({ label: bucket.label, ...bucket[field] }));

interface ModelTrendProps {
  /** titled `charts.<kind>`, test id `detail-<kind>-chart` */
  kind: 'consumption' | 'calls';
  Chart: typeof BarChart | typeof LineChart;
  rows: ReturnType<typeof rowsOf>;
  yAxis: YAxisProps;
  tooltip?: Pick<ComponentProps<typeof Tooltip>, 'formatter'>;
  /** one series (a bar or a line) per model, in its colour */
  series: (model: ModelTotal, colour: string) => ReactElement;
  models: ModelTotal[];
}

/** A card with one value per step and model: grid, time axis, tooltip and legend in the theme's colours. */
function ModelTrendChart({ kind, Chart, rows, yAxis, tooltip, series, models }: ModelTrendProps) {
  const { t } = useTranslation('detail');
  const chart = useChartTheme();
  return (
    <Card title={t(`charts.${kind}`)} data-testid={`detail-${kind}-chart`}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <Chart data={rows}>
          <CartesianGrid stroke={chart.grid} strokeDasharray="3 3" />
          <XAxis {...xAxisOf(chart.axis)} />
          <YAxis {...chart.axis} {...yAxis} />
          <Tooltip contentStyle={chart.tooltip} {...tooltip} />
          <Legend wrapperStyle={chart.legend} />
          {models.map((model, index) => series(model, chart.colourOf(index)))}
        </Chart>
      </ResponsiveContainer>
    </Card>
  );
}

/** What each model's series plots and is named by; drawn at once, without animation. */
const seriesOf = (model: ModelTotal) => ({ dataKey: model.model, name: model.model, isAnimationActive: false });

/** Consumption per step, stacked by model. */
export function ConsumptionChart({ buckets, models, formatQuota }: ChartProps) {
  return (
    <ModelTrendChart
      kind="consumption"
      Chart={BarChart}
      rows={rowsOf(buckets, 'quota')}
      yAxis={{ tickFormatter: (value: number) => formatQuota(value), width: 80 }}
      tooltip={{ formatter: (value) => formatQuota(Number(value)) }}
      models={models}
      series={(model, colour) => (
        <Bar key={model.model} {...seriesOf(model)} stackId="quota" fill={colour} maxBarSize={48} />
      )}
    />
  );
}

/** Calls per step, one line per model. */
export function CallsChart({ buckets, models }: Omit<ChartProps, 'formatQuota'>) {
  return (
    <ModelTrendChart
      kind="calls"
      Chart={LineChart}
      rows={rowsOf(buckets, 'count')}
      yAxis={{ allowDecimals: false }}
      models={models}
      series={(model, colour) => <Line key={model.model} {...seriesOf(model)} stroke={colour} dot={{ r: 3 }} />}
    />
  );
}

/** Share of consumption per model. */
export function ModelShareChart({ models, formatQuota }: Pick<ChartProps, 'models' | 'formatQuota'>) {
  const chart = useChartTheme();
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <PieChart>
        <Pie
          data={models}
          dataKey="quota"
          nameKey="model"
          innerRadius="45%"
          outerRadius="75%"
          stroke={chart.sliceStroke}
          isAnimationActive={false}
        >
          {models.map((model, index) => (
            <Cell key={model.model} fill={chart.colourOf(index)} />
          ))}
        </Pie>
        <Tooltip contentStyle={chart.tooltip} formatter={(value) => formatQuota(Number(value))} />
        <Legend wrapperStyle={chart.legend} />
      </PieChart>
    </ResponsiveContainer>
  );
}
