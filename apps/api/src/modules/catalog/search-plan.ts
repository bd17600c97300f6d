// Search planning: whether a search string runs as Russian full text (possibly typo-corrected
// word by word) or, when that finds nothing, as trigram similarity on titles.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { ListingFilters } from './listing.sql.ts';

/** Full text when it finds anything; otherwise trigram similarity (typos, transliterations). */
export type SearchMode = 'fulltext' | 'trigram';
/** How a search string is run: its (possibly typo-corrected) text and the matching mode. */
export type SearchPlan = { mode: SearchMode; text: string };
export type SearchTerms = { text: string; lower: string; mode: SearchMode };

function searchText(filters: ListingFilters): string | undefined {
  return filters.search_string?.trim().replace(/\s+/g, ' ') || undefined;
}

export function searchOf(filters: ListingFilters, plan?: SearchPlan): SearchTerms | undefined {
  const text = plan?.text ?? searchText(filters);
  return text ? { text, lower: text.toLowerCase(), mode: plan?.mode ?? 'fulltext' } : undefined;
}

const fullTextMatches = async (db: Database, text: string) =>
  (
    await queryRows<{ found: boolean }>(
      db,
      sql`SELECT catalog_fulltext_matches(websearch_to_tsquery('russian', ${text})) AS found`,
    )
  )[0]?.found === true;

/**
 * Plans a search: full text if it matches any product; else full text with each word replaced by
 * the closest suggestion term (typos: «кросовки» → «кроссовки»); else, as a last resort, trigram
 * similarity on titles.
 */
export async function planSearch(db: Database, filters: ListingFilters): Promise<SearchPlan | undefined> {
  const text = searchText(filters);
  if (!text) return undefined;
  if (await fullTextMatches(db, text)) return { mode: 'fulltext', text };
  const words = text.toLowerCase().split(' ').slice(0, 8);
  const corrected: string[] = [];
  for (const word of words) {
    const [row] =
      word.length >= 3
        ? await queryRows<{ term: string }>(
            db,
            sql`SELECT term FROM search_terms WHERE term % ${word}
                ORDER BY similarity(term, ${word}) DESC, weight DESC LIMIT 1`,
          )
        : [];
    corrected.push(row?.term ?? word);
  }
  const fixed = corrected.join(' ');
  if (fixed !== text.toLowerCase() && (await fullTextMatches(db, fixed)))
    return { mode: 'fulltext', text: fixed };
  return { mode: 'trigram', text };
}
