// The approved bloggers among the search suggestions, from memory (decision 086): the list the
// suggestion statement (`suggestBloggers`) reads, held with its version, and read again when the
// version changes. The version is one text column (`version`) that the catalogue's token index
// reads with every log read of its own (wired in app.ts), so that a suggestion costs no statement
// of its own and is as fresh as the index's: as of a moment after the request arrived.
//
// The version is the approved bloggers' row versions with their users' (`xmin`), in id order,
// hashed: any write to an approved blogger's row or to their user's row (name, photo, anything),
// a blogger approved or no longer approved, a user deleted, gives another value — a row written
// again has a new `xmin`, and a row's `xmin` is never a transaction that committed before the one
// that wrote the version's snapshot's rows. Equal versions mean the same rows, as of both moments.
import type { SearchSuggestion } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { readRows, type Database } from '../../db/client.ts';
import { suggestBloggers } from './blogger-pages.ts';

/** What the match needs of one approved blogger, the lowercase texts as the database lowers them. */
type Entry = {
  userId: number;
  firstName: string;
  lastName: string | null;
  photoUrl: string | null;
  /** `lower(first_name)`, `lower(coalesce(last_name, ''))`, the two joined by a space, `lower(promo_code)`. */
  keys: [string, string, string, string];
};
type Held = { version: string; list: Entry[] };

const VERSION = sql`coalesce((
  SELECT md5(string_agg(b.id::text || ':' || b.xmin::text || ':' || u.xmin::text, ',' ORDER BY b.id))
  FROM bloggers b JOIN users u ON u.id = b.user_id WHERE b.status = 'approved'), '')`;

export class BloggerSuggestions {
  /** The version column (text), read with the catalogue's log reads. */
  readonly version = VERSION;
  private held: Held | undefined;
  private loading: Promise<Held> | undefined;

  /** Whether `suggest` reads anything for `prefix`: two letters or more. */
  asks(prefix: string): boolean {
    return prefix.trim().toLowerCase().length >= 2;
  }

  /**
   * `suggestBloggers`' answer: from memory when `version` (read after the request arrived) is the
   * held list's, else from a list read again now; without a version, by the statement.
   */
  async suggest(
    db: Database,
    prefix: string,
    limit: number,
    version: string | undefined,
  ): Promise<SearchSuggestion[]> {
    const p = prefix.trim().toLowerCase();
    if (!this.asks(prefix)) return [];
    if (version === undefined) return suggestBloggers(db, prefix, limit);
    const out: SearchSuggestion[] = [];
    for (const e of await this.listAt(db, version)) {
      if (out.length >= limit) break;
      if (e.keys.some((key) => key.startsWith(p)))
        out.push({
          kind: 'user',
          text: [e.firstName, e.lastName].filter(Boolean).join(' '),
          user_id: e.userId,
          avatar: e.photoUrl,
        });
    }
    return out;
  }

  /**
   * The list as of `version`: the held one, or one being read when it comes back at that version,
   * else one read now (its statement begins after the caller's version was read: as fresh).
   */
  private async listAt(db: Database, version: string): Promise<Entry[]> {
    if (this.held?.version === version) return this.held.list;
    const pending = this.loading;
    if (pending) {
      const got = await pending.catch(() => undefined);
      if (got?.version === version) return got.list;
    }
    return (await this.load(db)).list;
  }

  private load(db: Database): Promise<Held> {
    const loading = (async () => {
      const [row] = await readRows<{ list: string | null; version: string }>(
        db,
        sql`SELECT (SELECT json_agg(json_build_array(u.id, u.first_name, u.last_name, u.photo_url,
                      lower(u.first_name), lower(coalesce(u.last_name, '')),
                      lower(u.first_name || ' ' || coalesce(u.last_name, '')), lower(b.promo_code))
                      ORDER BY b.followers DESC, b.id)
                    FROM bloggers b JOIN users u ON u.id = b.user_id WHERE b.status = 'approved')::text AS list,
                   ${VERSION} AS version`,
      );
      type Row = [number, string, string | null, string | null, string, string, string, string];
      const held: Held = {
        version: row!.version,
        list: ((JSON.parse(row!.list ?? 'null') as Row[] | null) ?? []).map(
          ([userId, firstName, lastName, photoUrl, ...keys]) => ({
            userId,
            firstName,
            lastName,
            photoUrl,
            keys,
          }),
        ),
      };
      this.held = held;
      return held;
    })();
    this.loading = loading;
    void loading
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      })
      .catch(() => undefined);
    return loading;
  }
}
