// Acts on the Telegram start parameter once the session is ready (spec §2).
import { miniApp, retrieveLaunchParams } from '@tma.js/sdk-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  askOlderInstancesToClose,
  claimOnce,
  listenForNewerInstances,
  parseStartParam,
  paymentAwaitPath,
} from './start-params.ts';

let handledThisLoad = false;

function readStartParam(): string | undefined {
  try {
    return retrieveLaunchParams().tgWebAppStartParam;
  } catch {
    return undefined;
  }
}

export function StartParamsHandler() {
  const navigate = useNavigate();

  useEffect(() => listenForNewerInstances(() => miniApp.close.ifAvailable()), []);

  useEffect(() => {
    if (handledThisLoad) return;
    handledThisLoad = true;
    const param = readStartParam();
    const action = parseStartParam(param);
    if (!action || !param) return;
    if (action.type === 'product') {
      if (!claimOnce(param, 'session')) return;
      const url = new URL(window.location.href);
      url.searchParams.set('id', String(action.productId));
      void navigate(`${url.pathname}${url.search}`, { replace: true });
      return;
    }
    if (!claimOnce(param)) return;
    askOlderInstancesToClose();
    void navigate(paymentAwaitPath(action.guid), { replace: true });
  }, [navigate]);

  return null;
}
