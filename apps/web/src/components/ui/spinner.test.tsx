import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from './spinner.tsx';

describe('FullScreenSpinner', () => {
  it('is the markup index.html paints before any script, so React replaces it with itself', () => {
    const html = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const painted = page.getElementById('root')!.firstElementChild!;
    const { container } = render(<FullScreenSpinner />);
    expect(painted.querySelector('svg.spinner')).not.toBeNull();
    expect(container.firstElementChild!.isEqualNode(painted)).toBe(true);
  });
});
