// Debug log (docs/product.md §3, §4, §9): the interceptor keeps the last 100 console entries; the console
// button pulses while some are unseen.
import { create } from 'zustand';

export const DEBUG_LOG_LIMIT = 100;
export const LOG_TYPES = ['log', 'info', 'warn', 'error'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export type LogFilter = 'all' | LogType;

export type DebugLog = {
  id: number;
  type: LogType;
  message: string;
  timestamp: number;
  arguments: unknown[];
};

type DebugConsoleState = {
  logs: DebugLog[];
  unseen: boolean;
  isOpen: boolean;
  filter: LogFilter;
  add: (type: LogType, args: unknown[]) => void;
  clear: () => void;
  open: () => void;
  close: () => void;
  setFilter: (filter: LogFilter) => void;
};

let nextId = 1;

export function formatArgument(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function appendLog(logs: readonly DebugLog[], entry: DebugLog): DebugLog[] {
  return [...logs, entry].slice(-DEBUG_LOG_LIMIT);
}

export const useDebugConsoleStore = create<DebugConsoleState>((set) => ({
  logs: [],
  unseen: false,
  isOpen: false,
  filter: 'all',
  add(type, args) {
    const entry: DebugLog = {
      id: nextId++,
      type,
      message: args.map(formatArgument).join(' '),
      timestamp: Date.now(),
      arguments: args,
    };
    set((s) => ({ logs: appendLog(s.logs, entry), unseen: !s.isOpen }));
  },
  clear: () => set({ logs: [], unseen: false }),
  open: () => set({ isOpen: true, unseen: false }),
  close: () => set({ isOpen: false }),
  setFilter: (filter) => set({ filter }),
}));

/** Empty-state text of the console for a filter (docs/product.md §8). */
export function emptyText(filter: LogFilter): string {
  return filter === 'all'
    ? 'Консоль пуста. Логи будут появляться здесь.'
    : `Нет логов типа ${filter.toUpperCase()}`;
}

export const formatLogTime = (timestamp: number) => new Date(timestamp).toLocaleTimeString('ru-RU');
