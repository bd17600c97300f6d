// Renders catalogue HTML safely: parsed by the browser (inert, nothing runs), then rebuilt as
// React elements from a short list of text tags; attributes, scripts, styles, links and
// everything else are dropped (their text is kept). No dangerouslySetInnerHTML.
import { createElement, type ReactNode } from 'react';

const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'h5',
  'span',
  'div',
  'small',
  'sup',
  'sub',
]);
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'img',
  'video',
  'audio',
]);

/** Descriptions containing a picture are hidden (docs/product.md §3). */
export const hasImage = (html: string): boolean => /<img[\s/>]/i.test(html);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (tag === 'br') return createElement('br', { key });
  if (!ALLOWED.has(tag)) return children;
  return createElement(tag === 'div' ? 'p' : tag, { key }, ...children);
}

export function SafeHtml({ html }: { html: string }): ReactNode {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => convert(node, String(i)));
}
