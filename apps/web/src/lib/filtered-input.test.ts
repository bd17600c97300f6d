import { describe, expect, it } from 'vitest';
import { keepFiltered } from './filtered-input.ts';

describe('keepFiltered (docs/decisions/035)', () => {
  it('returns the kept value and puts it in the field when a keystroke is dropped', () => {
    const field = document.createElement('input');
    field.value = '12a';
    expect(keepFiltered(field, (v) => v.replace(/\D/g, ''))).toBe('12');
    expect(field.value).toBe('12');
  });

  it('leaves the field alone when everything is kept', () => {
    const field = document.createElement('textarea');
    field.value = '42';
    field.setSelectionRange(1, 1);
    expect(keepFiltered(field, (v) => v.replace(/\D/g, ''))).toBe('42');
    expect(field.value).toBe('42');
    expect(field.selectionStart).toBe(1);
  });
});
