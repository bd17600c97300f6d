// zod's one-time work in a task of its own, ahead of the code that builds schemas with it
// (docs/decisions/078). zod 4 pays twice before a first schema of a kind exists: the evaluation of
// its modules (its classes), and, on the first instance of each kind, the installation of that
// kind's methods on its prototype. Both used to fall in the task that evaluates the first code with
// schemas — the favourites drawer's at first-screen idle, the product page's delivery line during
// the takeover — ≈ 15 ms of a fast machine's CPU, a long task at Lighthouse's 4× slowdown. Here
// zod is evaluated and one throwaway schema of the kinds the app's schemas use is made; those
// kinds' prototypes are then ready. A kind left out only costs its install later, as before.
let loading: Promise<void> | undefined;

/** Loads zod and readies its common kinds once; later imports of it find it evaluated. */
export const loadZodAhead = (): Promise<void> =>
  // Names taken from the import, so that the bundler keeps to the modules the app's schemas use (a
  // whole namespace would bring every locale zod has).
  (loading ??= import('zod').then(
    async ({ array, boolean, enum: oneOf, literal, number, object, string, union }) => {
      // The evaluation and the prototypes in two tasks: together they were one long one.
      await new Promise((resolve) => setTimeout(resolve, 0));
      object({
        text: string().trim().min(1).optional(),
        count: number().int().positive().nullable(),
        flag: boolean(),
        list: array(literal('a')),
        kind: oneOf(['a', 'b']),
        either: union([string(), number()]),
      });
    },
  ));
