import type { TgAuthResponseSchema } from '@shop/contract';
import { api, type Answer } from '../../../lib/api-client.ts';

/** POST /tg/auth: the raw init data string plus the SDK's parsed view; answers our token. */
export async function signIn(initData: string, initDataUnsafe: Record<string, unknown>): Promise<string> {
  const { result } = await api<Answer<typeof TgAuthResponseSchema>>('/v1/tg/auth', {
    method: 'POST',
    body: { initData, initDataUnsafe },
  });
  return result;
}
