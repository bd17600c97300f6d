// The public catalogue answers the server wrote into the HTML for this page (docs/decisions/033):
// each is taken once, by the first GET of its address, instead of a fetch. Later reads of the same
// address (a refetch, another visit) go to the network as always. Never anything of a shopper.
const ELEMENT_ID = 'first-screen-answers';
/**
 * Answers are as fresh as the HTML (the server's read cache: 2 s). A first read this long after the
 * page opened asks the server instead.
 */
const FRESH_MS = 10_000;

let answers: Map<string, unknown> | undefined;

/** An address in one spelling: path and its query parameters sorted. */
function canonical(url: string): string {
  const parsed = new URL(url, 'http://app.invalid');
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.pathname}?${new URLSearchParams(params).toString()}`;
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
    for (const [url, answer] of Object.entries(parsed)) answers.set(canonical(url), answer);
  } catch (error) {
    console.warn('First-screen answers unreadable', error);
  }
  element.remove();
  return answers;
}

/** The HTML's answer for this GET address, once; undefined when it has none (or gave it already). */
export function takeFirstScreenAnswer(url: string): unknown {
  const all = load();
  if (all.size === 0) return undefined;
  if (performance.now() > FRESH_MS) {
    all.clear();
    return undefined;
  }
  const key = canonical(url);
  const answer = all.get(key);
  all.delete(key);
  return answer;
}
