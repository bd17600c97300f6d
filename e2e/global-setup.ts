// Playwright's global setup: builds the web app once for every worker's server (e2e/servers.ts).
import { prepareRun } from './servers.ts';

export default function globalSetup(): void {
  prepareRun();
}
