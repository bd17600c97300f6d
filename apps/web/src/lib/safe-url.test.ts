import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-url.ts';

describe('safeHref', () => {
  it('lets https URLs and the app’s own paths through', () => {
    expect(safeHref('https://dw4.co/t/A/abc')).toBe('https://dw4.co/t/A/abc');
    expect(safeHref('/media/find/1.webp')).toBe('/media/find/1.webp');
  });

  it('refuses scripts, other schemes, protocol-relative links and share text', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>1</script>',
      'vbscript:x',
      'http://dewu.com/p',
      '//evil.example/x',
      '/\\evil.example',
      '【得物】Nike https://dw4.co/t/A/abc',
      '',
      null,
      undefined,
    ]) {
      expect(safeHref(bad), String(bad)).toBeUndefined();
    }
  });
});
