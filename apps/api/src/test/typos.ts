// Typos for tests that try many generated inputs (of the suggestion terms, for the suggestions'
// and the search plan's typos from memory), from a small deterministic random source: the same
// ones every run, so a failure can be run again.

/** `pick(n)`: the next number in [0, n), from a linear congruential sequence started at `seed`. */
export function seededRandom(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';

/** Two typos of `word`, each a letter replaced, dropped, doubled, added or two swapped, in its alphabet. */
export function typosOf(word: string, pick: (n: number) => number): string[] {
  const letters = /[а-яё]/.test(word) ? CYRILLIC : LATIN;
  const chars = [...word];
  const letter = () => letters[pick(letters.length)]!;
  return [0, 1].map(() => {
    const i = pick(chars.length);
    const out = [...chars];
    switch (pick(5)) {
      case 0:
        out[i] = letter();
        break;
      case 1:
        out.splice(i, 1);
        break;
      case 2:
        out.splice(i, 0, chars[i]!);
        break;
      case 3:
        out.splice(i, 0, letter());
        break;
      default: {
        const s = Math.min(i, chars.length - 2);
        [out[s], out[s + 1]] = [chars[s + 1]!, chars[s]!];
      }
    }
    return out.join('');
  });
}
