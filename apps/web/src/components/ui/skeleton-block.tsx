import type { CSSProperties } from 'react';
import './skeleton-block.css';

type Props = { className?: string; text?: boolean; style?: CSSProperties };

export function SkeletonBlock({ className, text, style }: Props) {
  const classes = ['skeleton-block'];
  if (text) classes.push('skeleton-block--text');
  if (className) classes.push(className);
  return <span className={classes.join(' ')} style={style} aria-hidden="true" />;
}
