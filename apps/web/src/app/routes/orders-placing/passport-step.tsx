import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { PassportEditor } from '../../../features/passport/components/passport-form.tsx';

/** Customs data; unsaved edits stay in the checkout's draft when the shopper steps back. */
export function PassportStep({ onNext }: { onNext: () => void }) {
  const draft = useCheckoutStore((s) => s.passportDraft);
  const setDraft = useCheckoutStore((s) => s.setPassportDraft);
  return (
    <PassportEditor
      submitLabel="Далее"
      draft={draft}
      onDraftChange={setDraft}
      onSaved={() => {
        setDraft(null);
        onNext();
      }}
    />
  );
}
