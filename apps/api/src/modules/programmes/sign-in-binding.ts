// Binding at sign-in (docs/product.md §13.1): the start parameter of the validated init data, for
// a user created by this very sign-in. A blogger's link (`b_`) binds the buyer to the blogger; an
// invite (`ref_`) to the friend, with the welcome bonus; one of them only (the blogger's, when a
// link carries both). A blogger link's opens are counted on every sign-in.
import { parseStartParams } from '@shop/contract';
import type { Database } from '../../db/client.ts';
import { bindBloggerLink, countLinkOpen } from '../blogger/index.ts';
import { bindReferral } from '../referral/index.ts';

export async function bindAtSignIn(
  tx: Database,
  user: { id: number; firstName: string; created: boolean },
  startParam: string | null,
): Promise<void> {
  if (!startParam) return;
  const params = parseStartParams(startParam);
  if (params.blogger) await countLinkOpen(tx, params.blogger);
  if (!user.created) return;
  if (params.blogger && (await bindBloggerLink(tx, user.id, params.blogger))) return;
  if (params.ref) await bindReferral(tx, user.id, params.ref, 'link');
}
