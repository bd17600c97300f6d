// A field that drops some keystrokes (digits only, a mask) must show what it keeps. React DOM puts
// a controlled value back after every change, but only when it re-renders the field; writing the
// kept value here shows it at once whatever renders (it was needed under Preact, decision 035,
// and stays correct under React DOM, decision 044).

/** The filtered value of the field; the field shows it too. */
export function keepFiltered(
  field: HTMLInputElement | HTMLTextAreaElement,
  filter: (value: string) => string,
): string {
  const typed = field.value;
  const kept = filter(typed);
  if (kept !== typed) field.value = kept;
  return kept;
}
