// The audit log reads in Russian (issue 25 item 6, review M4): every action the API writes has a
// Russian name, and a change reads as «Поле: было → стало», not JSON.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_RU, actionRu, describeChange } from './audit-labels.ts';

const API = join(import.meta.dirname, '../../../../api/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('audit labels', () => {
  it('name every action the API writes to the log', () => {
    const written = new Set<string>();
    for (const file of sources(API)) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('writeAudit(')) continue;
      for (const m of text.matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)) written.add(m[1]!);
      for (const m of text.matchAll(/action: before \? '([a-z_.]+)' : '([a-z_.]+)'/g)) {
        written.add(m[1]!);
        written.add(m[2]!);
      }
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((a) => !(a in ACTION_RU))).toEqual([]);
  });

  it('reads a change field by field in Russian, money as roubles', () => {
    expect(describeChange({ status: 'paid' }, { status: 'canceled' })).toEqual(['Статус: Оплачен → Отменён']);
    expect(describeChange({ qty: 21, price: 4490 }, { qty: 21, price: 3990 })).toEqual([
      'Цена: 4\u00a0490\u00a0₽ → 3\u00a0990\u00a0₽',
    ]);
    expect(describeChange(null, { text: 'звонил', note_id: 3 })).toEqual(['Текст: звонил']);
    expect(describeChange({ role: 'viewer' }, { role: 'manager' })).toEqual(['Роль: Наблюдатель → Менеджер']);
  });

  it('names an unknown action by its family', () => {
    expect(actionRu('order.something_new')).toBe('Заказы');
    expect(actionRu('order.refund')).toBe('Возврат денег');
  });
});
