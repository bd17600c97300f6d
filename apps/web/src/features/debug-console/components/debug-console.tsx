// The debug console overlay: a floating button (pulsing on unseen logs) and a panel with the
// last 100 entries, filter all/log/info/warn/error, copy and clear (docs/product.md §2, §4, §8).
import {
  emptyText,
  formatLogTime,
  LOG_TYPES,
  useDebugConsoleStore,
  type LogFilter,
} from '../debug-console-store.ts';
import './debug-console.css';
import { useCopyText } from '../../../components/ui/use-copy-text.ts';

const FILTERS: readonly LogFilter[] = ['all', ...LOG_TYPES];
const FILTER_LABELS: Record<LogFilter, string> = {
  all: 'Все',
  log: 'Log',
  info: 'Info',
  warn: 'Warn',
  error: 'Error',
};

export default function DebugConsole() {
  const { logs, unseen, isOpen, filter, open, close, clear, setFilter } = useDebugConsoleStore();
  const shown = filter === 'all' ? logs : logs.filter((log) => log.type === filter);

  const copyText = useCopyText('Не удалось скопировать логи');
  const copy = () =>
    copyText(
      shown.map((l) => `[${formatLogTime(l.timestamp)}] ${l.type.toUpperCase()} ${l.message}`).join('\n'),
      'Логи скопированы',
    );

  if (!isOpen) {
    return (
      <button
        type="button"
        className={`debug-console-button${unseen ? ' debug-console-button--pulse' : ''}`}
        aria-label="Открыть консоль"
        data-unseen={unseen}
        onClick={open}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="m5 8 4 4-4 4M12 16h7" />
        </svg>
      </button>
    );
  }

  return (
    <div className="debug-console" role="dialog" aria-modal="true" aria-label="Консоль">
      <header className="debug-console__head">
        <h2>Консоль</h2>
        <div className="debug-console__actions">
          <button type="button" onClick={copy} disabled={shown.length === 0}>
            Копировать
          </button>
          <button type="button" onClick={clear} disabled={logs.length === 0}>
            Очистить
          </button>
          <button type="button" className="debug-console__close" aria-label="Закрыть консоль" onClick={close}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="m7 7 10 10M17 7 7 17" />
            </svg>
          </button>
        </div>
      </header>
      <div className="debug-console__filters" role="tablist" aria-label="Тип логов">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className="debug-console__filter"
            onClick={() => setFilter(f)}
          >
            {FILTER_LABELS[f]}
            <span>{f === 'all' ? logs.length : logs.filter((l) => l.type === f).length}</span>
          </button>
        ))}
      </div>
      <ol className="debug-console__logs">
        {shown.length === 0 && <li className="debug-console__empty">{emptyText(filter)}</li>}
        {shown.map((log) => (
          <li key={log.id} className={`debug-console__log debug-console__log--${log.type}`}>
            <time dateTime={new Date(log.timestamp).toISOString()}>{formatLogTime(log.timestamp)}</time>
            <span className="debug-console__type">{log.type}</span>
            <pre>{log.message}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
