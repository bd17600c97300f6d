// The search field of the pages (home, catalogue, results): focusing it opens the search overlay.
// Apart from the overlay so that the overlay's code is not on the first screen (docs/decisions/026).
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useSearchOverlayStore } from '../search-overlay-store.ts';
import './search-trigger.css';

export const SEARCH_PLACEHOLDER = 'Товар, бренд, пользователь';

/** The search field of a page: focusing it opens the overlay (with the page's query, if any). */
export function SearchTrigger({ query = '' }: { query?: string }) {
  const open = useSearchOverlayStore((s) => s.open);
  return (
    <SearchInput
      className="search-trigger"
      value={query}
      onValueChange={() => {}}
      onFocus={(event) => {
        event.currentTarget.blur();
        open(query);
      }}
      placeholder={SEARCH_PLACEHOLDER}
      aria-label="Поиск товаров"
      cancelText=""
      readOnly
    />
  );
}
