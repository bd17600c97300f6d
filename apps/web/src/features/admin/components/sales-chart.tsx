// The dashboard's chart of revenue by day: uPlot (a small, framework-free canvas chart kept up to
// date), drawn into a div the component owns, in the theme's accent colour, resized with its box.
// Loaded with React.lazy from the dashboard only, so neither the shop nor the console's other pages
// carry it.
import type { StatsDay } from '@shop/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPrice } from '../../../lib/price.ts';

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** «28.10»: short enough for a phone's axis. */
const dayLabel = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

export default function SalesChart({ days }: { days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const accent = cssVar('--accent', '#2481cc');
    const hint = cssVar('--hint', '#999999');
    const grid = cssVar('--separator', 'rgba(0,0,0,0.1)');
    const xs = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const axis = { stroke: hint, grid: { stroke: grid, width: 0.5 }, ticks: { show: false } };
    const plot = new uPlot(
      {
        width: el.clientWidth || 320,
        height: 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          {
            ...axis,
            // A week or less: one tick per day, each under its own date (uPlot's own ticks would
            // fall every few hours and repeat a day's label).
            ...(xs.length <= 7 ? { splits: () => xs } : {}),
            values: (_u, ticks) => ticks.map((t) => dayLabel.format(new Date(t * 1000))),
          },
          {
            ...axis,
            size: 64,
            values: (_u, ticks) => ticks.map((t) => (t >= 1000 ? `${Math.round(t / 1000)} тыс` : String(t))),
          },
        ],
        series: [
          {},
          {
            label: 'Выручка',
            stroke: accent,
            fill: /^#[0-9a-f]{6}$/i.test(accent) ? `${accent}33` : 'rgba(36, 129, 204, 0.2)',
            width: 2,
            points: { show: days.length <= 31, size: 5, fill: accent },
            value: (_u, v) => (v === null ? '' : formatPrice(v)),
          },
        ],
      },
      [xs, days.map((d) => d.revenue)],
      el,
    );
    // One day (today's range) has no width: uPlot would stretch it to a thousand days and label the
    // ticks «01.01»; half a day either side keeps the day in the middle under its own date.
    if (xs.length === 1) plot.setScale('x', { min: xs[0]! - 43_200, max: xs[0]! + 43_200 });
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} className="admin-chart" role="img" aria-label="Выручка по дням" />;
}
