// The crop frame over the preview: drag inside to move it, drag a corner to resize it. The box is
// kept as fractions of the picture (x, y, w, h), the way the API takes it.
import { useRef, type PointerEvent } from 'react';
import './crop-box.css';

export type Box = readonly [x: number, y: number, w: number, h: number];
export const WHOLE: Box = [0, 0, 1, 1];
const MIN = 0.12;

type Handle = 'move' | 'nw' | 'ne' | 'sw' | 'se';
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function moved(start: Box, handle: Handle, dx: number, dy: number): Box {
  const [x, y, w, h] = start;
  if (handle === 'move') return [clamp(x + dx, 0, 1 - w), clamp(y + dy, 0, 1 - h), w, h];
  let [x0, y0, x1, y1] = [x, y, x + w, y + h];
  if (handle === 'nw' || handle === 'sw') x0 = clamp(x0 + dx, 0, x1 - MIN);
  if (handle === 'ne' || handle === 'se') x1 = clamp(x1 + dx, x0 + MIN, 1);
  if (handle === 'nw' || handle === 'ne') y0 = clamp(y0 + dy, 0, y1 - MIN);
  if (handle === 'sw' || handle === 'se') y1 = clamp(y1 + dy, y0 + MIN, 1);
  return [x0, y0, x1 - x0, y1 - y0];
}

type Props = { src: string; box: Box; onChange: (box: Box) => void };

export function CropBox({ src, box, onChange }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ handle: Handle; x: number; y: number; start: Box } | null>(null);

  const begin = (handle: Handle, event: PointerEvent) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { handle, x: event.clientX, y: event.clientY, start: box };
  };
  const move = (event: PointerEvent) => {
    const d = drag.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!d || !rect) return;
    onChange(
      moved(d.start, d.handle, (event.clientX - d.x) / rect.width, (event.clientY - d.y) / rect.height),
    );
  };
  const end = () => {
    drag.current = null;
  };

  const [x, y, w, h] = box;
  const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
  return (
    <div className="crop-box" ref={frame}>
      <img className="crop-box__image" src={src} alt="Выбранное фото" draggable={false} />
      <div
        className="crop-box__frame"
        style={{ left: pct(x), top: pct(y), width: pct(w), height: pct(h) }}
        onPointerDown={(event) => begin('move', event)}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        aria-label="Рамка поиска: перетащите или потяните за угол"
        role="group"
      >
        {(['nw', 'ne', 'sw', 'se'] as const).map((corner) => (
          <span
            key={corner}
            className={`crop-box__handle crop-box__handle--${corner}`}
            onPointerDown={(event) => begin(corner, event)}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          />
        ))}
      </div>
    </div>
  );
}
