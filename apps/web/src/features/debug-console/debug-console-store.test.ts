import { beforeEach, describe, expect, it } from 'vitest';
import { DEBUG_LOG_LIMIT, emptyText, formatLogTime, useDebugConsoleStore } from './debug-console-store.ts';

beforeEach(() => useDebugConsoleStore.setState({ logs: [], unseen: false, isOpen: false, filter: 'all' }));

describe('debug console (docs/product.md §4, §8, §9)', () => {
  it('"Interceptor keeps last 100 entries"', () => {
    expect(DEBUG_LOG_LIMIT).toBe(100);
    for (let i = 0; i < 130; i += 1) useDebugConsoleStore.getState().add('log', [`line ${i}`]);
    const { logs } = useDebugConsoleStore.getState();
    expect(logs).toHaveLength(100);
    expect(logs[0]!.message).toBe('line 30');
    expect(logs.at(-1)!.message).toBe('line 129');
  });

  it('"pulses when there are unseen logs": unseen until opened, not while open', () => {
    const store = useDebugConsoleStore.getState();
    store.add('warn', ['x']);
    expect(useDebugConsoleStore.getState().unseen).toBe(true);
    store.open();
    expect(useDebugConsoleStore.getState().unseen).toBe(false);
    store.add('error', [new Error('boom')]);
    expect(useDebugConsoleStore.getState().unseen).toBe(false);
    expect(useDebugConsoleStore.getState().logs.at(-1)).toMatchObject({
      type: 'error',
      message: 'Error: boom',
    });
  });

  it('keeps type, message, timestamp and arguments of each entry', () => {
    useDebugConsoleStore.getState().add('info', ['a', { b: 1 }]);
    expect(useDebugConsoleStore.getState().logs[0]).toMatchObject({
      type: 'info',
      message: 'a {"b":1}',
      arguments: ['a', { b: 1 }],
    });
  });

  it('"clearable"', () => {
    useDebugConsoleStore.getState().add('log', ['x']);
    useDebugConsoleStore.getState().clear();
    expect(useDebugConsoleStore.getState().logs).toEqual([]);
  });

  it('has both empty texts (docs/product.md §8)', () => {
    expect(emptyText('all')).toBe('Консоль пуста. Логи будут появляться здесь.');
    expect(emptyText('warn')).toBe('Нет логов типа WARN');
  });

  it('"Log time in Russian locale"', () => {
    const at = new Date(2026, 0, 2, 7, 5, 9).getTime();
    expect(formatLogTime(at)).toBe('07:05:09');
  });
});
