// A cold page as the speed scripts load it: a 390×844 phone (Russian locale, touch, 2× pixels),
// no cache, with the network (when given) and the CPU slowed as asked, over Chrome's DevTools
// protocol. Shared by perf:lcp-ab and perf:long-tasks.

/**
 * `network`: `{ rtt, downKbps, upKbps }` or null for the machine's own; `cpu`: the slowdown factor.
 * Returns the context (close it), the page and its CDP session.
 */
export async function phonePage(browser, { network, cpu }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.rtt,
      downloadThroughput: (network.downKbps * 1000) / 8,
      uploadThroughput: (network.upKbps * 1000) / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { context, page, cdp };
}
