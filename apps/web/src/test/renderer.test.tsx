// The unit tests run on the renderer the product ships: Preact's compat layer in place of React DOM
// (the alias in vite.config.ts, docs/decisions/035), also inside Testing Library and the libraries.
import { render } from '@testing-library/react';
import { options, createElement as preactCreateElement, type VNode } from 'preact';
import { createElement, createRef, type Ref } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';

/** The component types Preact rendered while `run` ran (its `diffed` hook, chained). */
function renderedByPreact(run: () => void): unknown[] {
  const types: unknown[] = [];
  const before = Object.getOwnPropertyDescriptor(options, 'diffed');
  const previous = before?.value as ((vnode: VNode) => void) | undefined;
  options.diffed = (vnode) => {
    types.push(vnode.type);
    previous?.call(options, vnode);
  };
  try {
    run();
  } finally {
    if (before) Object.defineProperty(options, 'diffed', before);
    else delete options.diffed;
  }
  return types;
}

function Section({ ref }: { ref?: Ref<HTMLElement> }) {
  return <section ref={ref}>размер</section>;
}

describe('the renderer (docs/decisions/035)', () => {
  it('`react` is Preact’s compat layer', () => {
    expect(createElement).toBe(preactCreateElement);
  });

  it('Testing Library renders through Preact', () => {
    expect(renderedByPreact(() => render(<Section />))).toContain(Section);
  });

  it('`react-dom/client` renders through Preact', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    expect(renderedByPreact(() => root.render(<Section />))).toContain(Section);
    expect(host.textContent).toBe('размер');
    root.unmount();
  });

  it('a function component gets `ref` as a prop, as in React 19 (no forwardRef)', () => {
    const ref = createRef<HTMLElement>();
    render(<Section ref={ref} />);
    expect(ref.current).toBeInstanceOf(HTMLElement);
    expect(ref.current?.tagName).toBe('SECTION');
  });
});
