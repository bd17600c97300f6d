import { sign } from '@tma.js/init-data-node';
import { describe, expect, it } from 'vitest';
import { InitDataError, validateInitData, type InitDataFailure } from './init-data.ts';

// The public example of the @tma.js init-data documentation (docs.telegram-mini-apps.com,
// "Validating"): a real Telegram-format payload signed for that documentation bot token.
const DOC_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const DOC_INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc' +
  '&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D' +
  '&auth_date=1662771648' +
  '&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const DOC_AUTH_DATE = new Date(1662771648 * 1000);

const TOKEN = '7000000001:TEST-made-up-token-for-tests-only_x';
const user = { id: 777_000_111, first_name: 'Мария', username: 'maria' };

function failure(run: () => unknown): InitDataFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof InitDataError) return error.reason;
    throw error;
  }
  throw new Error('expected the init data to be rejected');
}

describe('validateInitData', () => {
  it('accepts the documentation example and reads its user', () => {
    const result = validateInitData(DOC_INIT_DATA, DOC_TOKEN, {
      maxAgeS: 3600,
      now: new Date(DOC_AUTH_DATE.getTime() + 60_000),
    });
    expect(result.user).toMatchObject({
      id: 279058397,
      first_name: 'Vladislav',
      username: 'vdkfrost',
      is_premium: true,
    });
    expect(result.authDate).toEqual(DOC_AUTH_DATE);
  });

  it('rejects the documentation example once it is older than the allowed age', () => {
    expect(failure(() => validateInitData(DOC_INIT_DATA, DOC_TOKEN, { maxAgeS: 3600 }))).toBe('expired');
  });

  it('rejects a payload with one changed byte', () => {
    const forged = DOC_INIT_DATA.replace('279058397', '279058398');
    expect(failure(() => validateInitData(forged, DOC_TOKEN, { maxAgeS: 0 }))).toBe('bad_signature');
    const forgedHash = DOC_INIT_DATA.replace('hash=c501', 'hash=c502');
    expect(failure(() => validateInitData(forgedHash, DOC_TOKEN, { maxAgeS: 0 }))).toBe('bad_signature');
  });

  it('rejects data signed for another bot token', () => {
    expect(failure(() => validateInitData(DOC_INIT_DATA, TOKEN, { maxAgeS: 0 }))).toBe('bad_signature');
  });

  it('accepts fresh data signed by the reference implementation, whatever extra fields it has', () => {
    const raw = sign(
      { user, signature: 'abc', chat_type: 'private', chat_instance: '42', start_param: 'productId_7' },
      TOKEN,
      new Date(),
    );
    const result = validateInitData(raw, TOKEN, { maxAgeS: 3600 });
    expect(result.user?.id).toBe(user.id);
    expect(result.startParam).toBe('productId_7');
  });

  it('rejects data two hours old with the default one-hour limit', () => {
    const raw = sign({ user }, TOKEN, new Date(Date.now() - 2 * 3600 * 1000));
    expect(failure(() => validateInitData(raw, TOKEN, { maxAgeS: 3600 }))).toBe('expired');
  });

  it('rejects data dated far in the future', () => {
    const raw = sign({ user }, TOKEN, new Date(Date.now() + 3600 * 1000));
    expect(failure(() => validateInitData(raw, TOKEN, { maxAgeS: 3600 }))).toBe('expired');
  });

  it('rejects a payload without hash, or with an empty or non-hex one', () => {
    const withoutHash = DOC_INIT_DATA.replace(/&hash=[0-9a-f]+/, '');
    expect(failure(() => validateInitData(withoutHash, DOC_TOKEN, { maxAgeS: 0 }))).toBe('missing_hash');
    expect(failure(() => validateInitData(`${withoutHash}&hash=`, DOC_TOKEN, { maxAgeS: 0 }))).toBe(
      'missing_hash',
    );
    expect(failure(() => validateInitData(`${withoutHash}&hash=zz`, DOC_TOKEN, { maxAgeS: 0 }))).toBe(
      'bad_signature',
    );
  });

  it('rejects malformed input', () => {
    expect(failure(() => validateInitData('not init data', TOKEN, { maxAgeS: 0 }))).toBe('malformed');
    expect(failure(() => validateInitData(`${DOC_INIT_DATA}&auth_date=1`, DOC_TOKEN, { maxAgeS: 0 }))).toBe(
      'malformed',
    );
    const noDate = DOC_INIT_DATA.replace('auth_date=1662771648', 'auth_date=yesterday');
    expect(failure(() => validateInitData(noDate, DOC_TOKEN, { maxAgeS: 0 }))).toBe('malformed');
  });

  it('rejects a correctly signed payload whose user is not a Telegram user', () => {
    const raw = sign({ user: { id: 'x' } as unknown as typeof user }, TOKEN, new Date());
    expect(failure(() => validateInitData(raw, TOKEN, { maxAgeS: 3600 }))).toBe('bad_user');
  });

  it('reports a missing user as null so the caller decides', () => {
    const raw = sign({ query_id: 'q' }, TOKEN, new Date());
    expect(validateInitData(raw, TOKEN, { maxAgeS: 3600 }).user).toBeNull();
  });
});
