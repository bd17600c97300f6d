// Full-screen search overlay (docs/product.md §2): live suggestions, "Вы недавно искали", "Рекомендуемые
// бренды". Choosing an entry or Enter on a non-blank query saves it to history, closes the overlay
// and goes to search?q=. Page scroll is locked while it is open; the query is cleared on close.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useLayer } from '../../../components/ui/use-layer.ts';
import { paths } from '../../../lib/paths.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { searchSuggestionsQueryOptions } from '../api/get-search-suggestions.ts';
import { RECOMMENDED_BRANDS } from '../recommended-brands.ts';
import { useSearchHistoryStore } from '../search-history-store.ts';
import { useSearchOverlayStore } from '../search-overlay-store.ts';
import { SEARCH_PLACEHOLDER } from './search-trigger.tsx';
import './search-overlay.css';

export { SEARCH_PLACEHOLDER, SearchTrigger } from './search-trigger.tsx';

function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.documentElement.classList.add('scroll-locked');
    return () => {
      document.body.style.overflow = overflow;
      document.documentElement.classList.remove('scroll-locked');
    };
  }, [locked]);
}

function Highlighted({ text, prefix }: { text: string; prefix: string }) {
  const at = text.toLowerCase().indexOf(prefix.trim().toLowerCase());
  if (!prefix.trim() || at < 0) return <>{text}</>;
  const end = at + prefix.trim().length;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, end)}</mark>
      {text.slice(end)}
    </>
  );
}

export function SearchOverlay() {
  const { isOpen, query, close, setQuery } = useSearchOverlayStore();
  const searches = useSearchHistoryStore((s) => s.searches);
  const addSearch = useSearchHistoryStore((s) => s.add);
  const clearHistory = useSearchHistoryStore((s) => s.clear);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestions = useQuery({
    ...searchSuggestionsQueryOptions(query),
    enabled: isOpen && query.trim().length > 0,
  });

  useLayer('search', isOpen, close);
  useScrollLock(isOpen);
  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  if (!isOpen) return null;

  const choose = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    haptic.selection();
    addSearch(trimmed);
    close();
    void navigate(paths.search(trimmed));
  };

  const openUser = (userId: number) => {
    haptic.selection();
    close();
    void navigate(paths.user(userId));
  };

  const typing = query.trim().length > 0;

  return (
    <div className="search-overlay" role="dialog" aria-modal="true" aria-label="Поиск">
      <div className="search-overlay__bar">
        <SearchInput
          ref={inputRef}
          value={query}
          onValueChange={setQuery}
          onSubmit={choose}
          onCancel={close}
          placeholder={SEARCH_PLACEHOLDER}
          aria-label="Поиск"
          alwaysShowCancel
        />
      </div>
      <div className="search-overlay__body">
        {typing ? (
          <ul className="search-overlay__suggestions" aria-label="Подсказки">
            {suggestions.data?.map(({ text, kind, user_id: userId }) => (
              <li key={`${kind ?? 'query'}-${userId ?? text}`}>
                <button
                  type="button"
                  className="search-overlay__suggestion"
                  onClick={() => (kind === 'user' && userId ? openUser(userId) : choose(text))}
                >
                  {kind === 'user' ? (
                    // A blogger (docs/product.md §13): their page, not a text search.
                    <svg viewBox="0 0 24 24" role="img" aria-label="Автор">
                      <circle cx="12" cy="8.5" r="3.5" />
                      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
                    </svg>
                  ) : (
                    <svg viewBox="0 0 24 24" aria-hidden="true">
                      <circle cx="11" cy="11" r="6.5" />
                      <path d="m16 16 4 4" />
                    </svg>
                  )}
                  <span>
                    <Highlighted text={text} prefix={query} />
                  </span>
                </button>
              </li>
            ))}
            {suggestions.isError && (
              <li>
                <LoadError
                  inline
                  title="Не удалось загрузить подсказки"
                  text={`Можно искать и без них: нажмите «Найти», чтобы искать «${query.trim()}».`}
                  onRetry={suggestions.refetch}
                  retrying={suggestions.isFetching}
                />
              </li>
            )}
            {suggestions.isSuccess && suggestions.data.length === 0 && (
              <li className="search-overlay__empty">Нажмите «Найти», чтобы искать «{query.trim()}»</li>
            )}
          </ul>
        ) : (
          <>
            {searches.length > 0 && (
              <section className="search-overlay__section" aria-labelledby="search-recent">
                <header className="search-overlay__section-head">
                  <h2 id="search-recent">Вы недавно искали</h2>
                  <button type="button" className="search-overlay__link" onClick={clearHistory}>
                    Очистить
                  </button>
                </header>
                <ul className="search-overlay__recent">
                  {searches.map((text) => (
                    <li key={text}>
                      <button
                        type="button"
                        className="search-overlay__recent-item"
                        onClick={() => choose(text)}
                      >
                        <svg viewBox="0 0 24 24" aria-hidden="true">
                          <circle cx="12" cy="12" r="8" />
                          <path d="M12 8v4l2.5 2" />
                        </svg>
                        <span>{text}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className="search-overlay__section" aria-labelledby="search-brands">
              <header className="search-overlay__section-head">
                <h2 id="search-brands">Рекомендуемые бренды</h2>
              </header>
              <ul className="search-overlay__chips">
                {RECOMMENDED_BRANDS.map((brand) => (
                  <li key={brand}>
                    <button type="button" className="search-overlay__chip" onClick={() => choose(brand)}>
                      {brand}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </div>
  );
}
