// The unit tests run on the renderer the product ships: React DOM 19 (docs/decisions/044), also
// inside Testing Library and the libraries. Decision 035 once swapped in Preact's compat layer at
// build time; this file fails if such an alias comes back.
import { render } from '@testing-library/react';
import { createElement, createRef, version, type Ref } from 'react';
import { version as domVersion } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';

function Section({ ref }: { ref?: Ref<HTMLElement> }) {
  return <section ref={ref}>размер</section>;
}

/** React DOM keeps its fiber on the host node under a `__reactFiber$…` key; Preact never does. */
function hasReactFiber(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
}

describe('the renderer (docs/decisions/044)', () => {
  it('`react` and `react-dom` are React 19 itself', () => {
    expect(version).toMatch(/^19\./);
    expect(domVersion).toBe(version);
    // Preact's createElement answers a vnode with `__k`/`__e` fields and no `$$typeof`.
    expect(createElement('div')).toHaveProperty('$$typeof');
  });

  it('Testing Library renders through React DOM', () => {
    const { container } = render(<Section />);
    expect(hasReactFiber(container.querySelector('section')!)).toBe(true);
  });

  it('`react-dom/client` renders through React DOM', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    flushSync(() => root.render(<Section />));
    expect(host.textContent).toBe('размер');
    expect(hasReactFiber(host.querySelector('section')!)).toBe(true);
    root.unmount();
  });

  it('a function component gets `ref` as a prop (React 19, no forwardRef)', () => {
    const ref = createRef<HTMLElement>();
    render(<Section ref={ref} />);
    expect(ref.current?.tagName).toBe('SECTION');
  });

  it('refuses a `javascript:` URL in `href`, which Preact would write out', () => {
    const { container } = render(<a href={'javascript:alert(1)'}>ссылка</a>);
    // React 19 writes a script that only throws in its place; Preact wrote the URL as given.
    expect(container.querySelector('a')?.getAttribute('href')).not.toContain('alert(1)');
  });
});
