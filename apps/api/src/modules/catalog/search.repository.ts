// Search suggestions: a prefix match on the terms table (brands with their Cyrillic aliases,
// categories, frequent title words), tried also in the other alphabet («nike» ↔ «найк»), then a
// trigram fallback for typos when the prefix alone finds too little.
import { sql, type SQL } from 'drizzle-orm';
import { readRows, type Database } from '../../db/client.ts';
import { tokenIndexOf, type TokenIndex } from './token-index.ts';

const LAT_TO_CYR: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'й'],
  ['z', 'з'],
];
const CYR_TO_LAT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** The query in the other alphabet, letter by letter (good enough to find a brand's alias). */
export function transliterate(text: string): string {
  if (/[а-яё]/.test(text)) return [...text].map((ch) => CYR_TO_LAT[ch] ?? ch).join('');
  let out = '';
  for (let i = 0; i < text.length;) {
    const pair = LAT_TO_CYR.find(([lat]) => text.startsWith(lat, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function suggestSql(prefix: string, size: number) {
  const lower = prefix.trim().toLowerCase().replace(/\s+/g, ' ');
  const other = transliterate(lower);
  return sql`
    SELECT display FROM search_terms
    WHERE term LIKE ${likePrefix(lower)} OR term LIKE ${likePrefix(other)}
    ORDER BY weight DESC, term
    LIMIT ${size * 2}`;
}

/**
 * Suggestions for `prefix`: the terms starting with it in either alphabet, from this instance's
 * token index when it is loaded (synced first: the terms as of now, decision 080), else by
 * `suggestSql`; for a typo the terms closest by trigrams, from the index too (decision 086), else
 * by `suggestTypoSql`. `tokenIndex: false` reads the database alone (tests compare both);
 * `synced` says the caller synced `tokenIndex` itself just before.
 */
export async function suggest(
  db: Database,
  prefix: string,
  size: number,
  {
    tokenIndex = tokenIndexOf(db),
    synced = false,
  }: { tokenIndex?: TokenIndex | false | undefined; synced?: boolean } = {},
): Promise<string[]> {
  const lower = prefix.trim().toLowerCase().replace(/\s+/g, ' ');
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (displays: readonly string[]) => {
    for (const display of displays) {
      if (out.length >= size) return;
      if (!seen.has(display.toLowerCase())) {
        seen.add(display.toLowerCase());
        out.push(display);
      }
    }
  };
  const texts = async (statement: SQL) => (await readRows<{ display: string }>(db, statement)).map((r) => r.display);
  const index = tokenIndex && (synced || (await tokenIndex.sync(db))) ? tokenIndex : undefined;
  const other = transliterate(lower);
  if (index) add(index.suggestions([lower, other], size * 2));
  else add(await texts(suggestSql(prefix, size)));
  if (out.length === 0 && lower.length >= 3) {
    // Nothing starts with it: a typo. The closest terms by trigram word similarity, either alphabet.
    add(index?.typoSuggestions(lower, other, size * 2) ?? (await texts(suggestTypoSql(prefix, size))));
  }
  return out;
}

/**
 * The typo statement: terms similar to the query or its other alphabet (pg_trgm's `%`), or holding
 * a word like it (`word_similarity` over 0.45), the closest first; ties by the terms' own order
 * (weight, then term), as the index holds them.
 */
export function suggestTypoSql(prefix: string, size: number) {
  const lower = prefix.trim().toLowerCase().replace(/\s+/g, ' ');
  const other = transliterate(lower);
  return sql`SELECT display FROM (
              SELECT display, weight, term, greatest(word_similarity(${lower}, term), word_similarity(${other}, term)) AS sim
              FROM search_terms WHERE term % ${lower} OR term % ${other}
                 OR word_similarity(${lower}, term) > 0.45 OR word_similarity(${other}, term) > 0.45) t
            ORDER BY sim DESC, weight DESC, term LIMIT ${size * 2}`;
}
