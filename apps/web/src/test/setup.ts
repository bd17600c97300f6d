import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s for what they look for (Testing Library's default is 1 s): a
// loaded CI machine can take longer than 1 s to render a lazy screen. What they look for is
// unchanged; a test that never sees it still fails. Wait with these, not `vi.waitFor` (1 s).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
