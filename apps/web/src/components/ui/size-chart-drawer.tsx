// The size-chart drawer "Размерная сетка" (docs/product.md §2) for a product's size table (docs/product.md §3:
// columns with key, long and values; tips).
import { Drawer } from './drawer.tsx';
import './size-chart-drawer.css';

export type SizeTable = { columns: { key: string; long: string; values: string[] }[]; tips?: string[] };

type Props = { open: boolean; onOpenChange: (open: boolean) => void; table: SizeTable };

export default function SizeChartDrawer({ open, onOpenChange, table }: Props) {
  const rows = Math.max(0, ...table.columns.map((c) => c.values.length));
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Размерная сетка">
      <div className="size-chart">
        <table>
          <thead>
            <tr>
              {table.columns.map((c) => (
                // The short key on top, the long name wrapped under it: four long names on one line
                // each pushed the last column off a 390 px screen (issue 27).
                <th key={c.key} scope="col">
                  <span className="size-chart__key">{c.key}</span>
                  {c.long && c.long !== c.key && <span className="size-chart__long">{c.long}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                {table.columns.map((c) => (
                  <td key={c.key}>{c.values[row] ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.tips?.map((tip) => (
        <p key={tip} className="size-chart__tip">
          {tip}
        </p>
      ))}
    </Drawer>
  );
}
