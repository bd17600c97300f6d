// The HTML's first-screen answers (docs/decisions/033): each taken once, by its address in any
// parameter order; any other address, or a second read, goes to the network.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeFirstScreenAnswer } from './first-screen-answers.ts';

const listing = { result: { products: [{ id: 7 }], cursor: null, more: false } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('first-screen answers', () => {
  it('gives an answer once, to its address in any parameter order, and removes the block', () => {
    // A second after the page opened (the clock of a test file that took over 10 s to start on a
    // loaded CI machine would make every answer stale).
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    document.body.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="first-screen-answers">${JSON.stringify({
        '/api/v2/product?sorting=POPULARITY&limit=10': listing,
        '/api/v1/categories': { result: { categories: [] } },
      })}</script>`,
    );
    expect(takeFirstScreenAnswer('/api/v2/product?limit=10&sorting=POPULARITY')).toEqual(listing);
    expect(document.getElementById('first-screen-answers')).toBeNull();
    expect(takeFirstScreenAnswer('/api/v2/product?limit=10&sorting=POPULARITY')).toBeUndefined();
    expect(takeFirstScreenAnswer('/api/v2/product?sorting=NEWEST&limit=10')).toBeUndefined();
    // Long after the page opened, even an unread answer is not used: it may be stale.
    now.mockReturnValue(60_000);
    expect(takeFirstScreenAnswer('/api/v1/categories')).toBeUndefined();
  });
});
