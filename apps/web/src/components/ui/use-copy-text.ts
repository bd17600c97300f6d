// Copy to the clipboard with the toast the spec asks for (success 4000 ms). A copy is a mutation so
// that its failure is toasted where every failure is, from `meta.errorMessage` (app/query-client.ts).
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from './notify.ts';

export function useCopyText(failed = 'Не удалось скопировать') {
  const { mutate } = useMutation({
    mutationFn: async ({ text }: { text: string; done: string }) => {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard) throw new Error('The clipboard is not available');
      await clipboard.writeText(text);
    },
    onSuccess: (_, { done }) => notify.success(done, { duration: 4000 }),
    meta: { errorMessage: failed },
  });
  return useCallback((text: string, done = 'Скопировано') => mutate({ text, done }), [mutate]);
}
