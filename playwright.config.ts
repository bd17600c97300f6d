// Browser tests: Debian's Chromium (nothing downloaded; its headless shell when installed) at a
// phone viewport. The web app is built once (e2e/global-setup.ts) and every worker drives its own
// server, started as `npm start` starts it on a fresh embedded database (the `shop` fixture in
// e2e/support.ts, docs/decisions/034). E2E_WORKERS sets how many run side by side (2 by default:
// two keep two cores about three-quarters busy, and three took as long: decision 073); E2E_PORT
// the first worker's port; TEST_RESULTS_DIR where a run writes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { resultsDir } from './e2e/servers.ts';

const workers = Number(process.env.E2E_WORKERS ?? 2);

// Debian's headless shell (package `chromium-headless-shell`: the same Chromium and Blink without
// the browser's own windows and WebUI, as Playwright's own headless runs use) when it is installed,
// else Debian's full Chromium; CHROMIUM_PATH overrides both. The full browser ran a WebUI renderer
// of its own (the omnibox popup) and took 15–20 % more CPU for the same specs (decision 073).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(resultsDir, 'e2e'),
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    // A failed test keeps its trace: actions, network, console and a DOM snapshot per step, which
    // is what a failure is read from. Not the screencast filmstrip: encoding a frame per paint at
    // 780×1688 cost every test a third of its time on CI's two cores (browse + shell, 21 tests:
    // 247 s with it, 177 s without, 173 s with no trace at all; docs/decisions/034).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
