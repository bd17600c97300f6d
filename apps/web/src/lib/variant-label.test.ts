import { describe, expect, it } from 'vitest';
import { euSizeLabel, sizeName, variantLabel } from './variant-label.ts';

describe('variant naming', () => {
  it('colour then EU size, or size first where the size is chosen', () => {
    const v = { color: 'Черный', size: '44', size_eu: '44' };
    expect(variantLabel(v)).toBe('Черный · 44 EU');
    expect(variantLabel(v, { sizeFirst: true })).toBe('44 EU · Черный');
  });

  it("a child's height is in centimetres", () => {
    expect(euSizeLabel('134')).toBe('134 см');
    expect(euSizeLabel('42')).toBe('42 EU');
    expect(variantLabel({ color: null, size: '134', size_eu: '134' })).toBe('134 см');
  });

  it('the size label without an EU size, nothing for a sizeless variant', () => {
    expect(sizeName({ size: 'One size', size_eu: null })).toBe('One size');
    expect(sizeName({ size: null, size_eu: null })).toBeNull();
    expect(sizeName({ size: 'M', size_eu: '44' }, { unit: false })).toBe('44');
    expect(variantLabel({ color: 'Бежевый', size: null, size_eu: null })).toBe('Бежевый');
  });
});
