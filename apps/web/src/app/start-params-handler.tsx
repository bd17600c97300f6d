// Acts on the Telegram start parameter once the session is ready (docs/product.md §2).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { markProductTap, withProduct } from '../lib/product-link.ts';
import { closeApp, readStartParam } from '../telegram/launch.ts';
import {
  askOlderInstancesToClose,
  claimOnce,
  listenForNewerInstances,
  parseStartParam,
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
      markProductTap();
      void navigate(`${url.pathname}?${withProduct(url.searchParams, action.productId).toString()}`, {
        replace: true,
      });
      return;
    }
    if (action.type === 'blogger') {
      if (!claimOnce(param, 'session')) return;
      void navigate(paths.userByPromo(action.promo), { replace: true });
      return;
    }
    if (!claimOnce(param)) return;
    askOlderInstancesToClose();
    void navigate(paths.paymentAwait(action.guid), { replace: true });
  }, [navigate]);

  return null;
}
