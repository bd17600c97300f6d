// Copy to the clipboard with the toast the spec asks for (success 4000 ms) or an error toast.
import { notify } from '../../components/ui/notify.ts';

export function copyText(text: string, done = 'Скопировано'): void {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard) {
    notify.error('Не удалось скопировать');
    return;
  }
  clipboard.writeText(text).then(
    () => notify.success(done, { duration: 4000 }),
    () => notify.error('Не удалось скопировать'),
  );
}
