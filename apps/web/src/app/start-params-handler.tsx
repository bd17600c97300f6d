// Acts on the Telegram start parameter once the session is ready (spec §2).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { closeApp, readStartParam } from '../telegram/launch.ts';
import {
  askOlderInstancesToClose,
  claimOnce,
  listenForNewerInstances,
  parseStartParam,
  paymentAwaitPath,
} from './start-params.ts';

let handledThisLoad = false;

export function StartParamsHandler() {
  const navigate = useNavigate();

  useEffect(() => listenForNewerInstances(closeApp), []);

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
