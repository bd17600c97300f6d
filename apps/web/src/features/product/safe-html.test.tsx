import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasImage, SafeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('keeps text tags and drops scripts, handlers and links', () => {
    const { container } = render(
      <div>
        <SafeHtml
          html={
            '<p onclick="alert(1)">Мягкая <b>кожа</b></p><script>alert(2)</script><a href="javascript:x">ссылка</a><ul><li>42</li></ul>'
          }
        />
      </div>,
    );
    expect(container.innerHTML).toBe('<div><p>Мягкая <b>кожа</b></p>ссылка<ul><li>42</li></ul></div>');
  });

  it('recognises descriptions with a picture', () => {
    expect(hasImage('<p>x</p><IMG src="a.png">')).toBe(true);
    expect(hasImage('<p>image</p>')).toBe(false);
  });
});
