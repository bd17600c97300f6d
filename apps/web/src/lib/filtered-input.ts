// A field that drops some keystrokes (digits only, a mask) must show what it keeps. React DOM puts
// a controlled value back after every change; Preact (docs/decisions/035) re-renders only when the
// state changes, so a rejected keystroke would stay on screen. The field is set here instead.

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
