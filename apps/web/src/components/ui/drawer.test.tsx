// The drawer opened at rest (a product opened by its address, decision 064): its sheet and overlay
// carry the class that turns vaul's opening slide and fade off (drawer.css), on every render, not
// only the first (vaul's own `defaultOpen` flag turns back on at the next render and starts the
// slide then); a drawer opened by a tap slides in as before. At rest the overlay comes after the
// sheet's first paint, in a commit of its own (decision 083). That nothing moves in a real browser
// is e2e/first-paint.spec.ts.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './drawer.tsx';

const sheet = () => screen.getByRole('dialog');
const overlay = () => document.querySelector('[data-vaul-overlay]');

describe('Drawer at rest', () => {
  it('opened at rest: sheet and overlay without the opening animation, also after a re-render', async () => {
    const { rerender } = render(
      <Drawer open onOpenChange={() => {}} title="Товар" variant="full" atRest>
        <p>первый</p>
      </Drawer>,
    );
    expect(sheet().classList).toContain('drawer--at-rest');
    // The overlay comes after the sheet's first paint, not in the commit that opens the sheet.
    expect(overlay()).toBeNull();
    await waitFor(() => expect(overlay()).not.toBeNull());
    expect(overlay()?.classList).toContain('drawer--at-rest');
    rerender(
      <Drawer open onOpenChange={() => {}} title="Товар" variant="full" atRest>
        <p>второй</p>
      </Drawer>,
    );
    expect(screen.getByText('второй')).toBeTruthy();
    expect(sheet().classList).toContain('drawer--at-rest');
    expect(overlay()?.classList).toContain('drawer--at-rest');
  });

  it('opened by a tap: slides in as before', () => {
    render(
      <Drawer open onOpenChange={() => {}} title="Товар" variant="full">
        <p>тело</p>
      </Drawer>,
    );
    expect(sheet().classList).not.toContain('drawer--at-rest');
    expect(overlay()?.classList).not.toContain('drawer--at-rest');
  });
});
