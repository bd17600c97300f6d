// A link whose address comes from stored data (a shopper's find request, a blogger's channel, a
// receipt): an <a> only when safeHref lets the address through, plain text otherwise, so that a
// `javascript:` link typed by someone else is never clickable (docs/decisions/044).
import type { ReactNode } from 'react';
import { safeHref } from '../../lib/safe-url.ts';

type Props = { url: string | null | undefined; children?: ReactNode; className?: string; 'aria-label'?: string };

export function StoredLink({ url, children, className, 'aria-label': ariaLabel }: Props) {
  const href = safeHref(url);
  if (!href) return <span className={className}>{children ?? url}</span>;
  return (
    <a className={className} href={href} target="_blank" rel="noreferrer noopener" aria-label={ariaLabel}>
      {children ?? url}
    </a>
  );
}
