// The deferred carousel of the catalogue's cards (use-deferred-carousel.ts): a card shown by an
// Activity (the page revealed after the session start, decision 044) is not rendered again by its
// viewport's ref (decision 083: that re-render of every card, at sync priority, made the reveal one
// long task); the first touch still builds embla on the viewport.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDeferredCarousel } from './use-deferred-carousel.ts';

const built = vi.fn<(node: HTMLElement) => void>();
vi.mock('embla-carousel', () => ({
  default: (node: HTMLElement) => {
    built(node);
    return { destroy: () => {}, on: () => {}, off: () => {} };
  },
}));

const rendered = vi.fn();
function Card() {
  rendered();
  const [viewport, embla] = useDeferredCarousel({ loop: false });
  return (
    <div ref={viewport} data-testid="viewport">
      {embla ? 'carousel' : 'at rest'}
    </div>
  );
}

describe('useDeferredCarousel', () => {
  it('a card revealed by an Activity renders no second time; its first touch builds the carousel', async () => {
    // The same element both times: only a state update of its own renders the card again.
    const card = <Card />;
    const { rerender } = render(<Activity mode="hidden">{card}</Activity>);
    const before = rendered.mock.calls.length;
    rerender(<Activity mode="visible">{card}</Activity>);
    expect(rendered.mock.calls.length).toBe(before);
    expect(screen.getByTestId('viewport').textContent).toBe('at rest');
    expect(built).not.toHaveBeenCalled();

    fireEvent.pointerDown(screen.getByTestId('viewport'));
    await waitFor(() => expect(built).toHaveBeenCalledWith(screen.getByTestId('viewport')));
    await waitFor(() => expect(screen.getByTestId('viewport').textContent).toBe('carousel'));
  });
});
