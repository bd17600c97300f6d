import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyLayer } from './lazy-layer.tsx';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('lazyLayer', () => {
  it('renders nothing until the code is in, then the component with its props', async () => {
    let arrive = () => {};
    const load = vi.fn(
      () => new Promise<{ default: typeof Hello }>((resolve) => (arrive = () => resolve({ default: Hello }))),
    );
    const Layer = lazyLayer(load);
    const { container } = render(<Layer name="a" />);
    expect(container.innerHTML).toBe('');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      arrive();
      await Layer.preload();
    });
    expect(screen.getByText('hello a')).toBeTruthy();
  });

  it('once preloaded, renders in the first render pass (no suspending, no fallback)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Layer = lazyLayer(load);
    await Layer.preload();
    await Layer.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // Synchronous render: the component is in the DOM without awaiting anything.
    render(<Layer name="b" />);
    expect(screen.getByText('hello b')).toBeTruthy();
  });

  it('tries a failed download again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const Layer = lazyLayer(load);
    await expect(Layer.preload()).resolves.toBeUndefined();
    render(<Layer name="c" />);
    expect(screen.queryByText('hello c')).toBeNull();
    await act(() => Layer.preload());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('hello c')).toBeTruthy();
  });
});
