// «У меня есть код приглашения» (research §2.2): 8 characters, uppercase; the server's refusals
// («Код не найден», «Нельзя пригласить самого себя», …) show under the field.
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useApplyReferralCode } from '../api/referral.ts';

const maskCode = (v: string) =>
  v
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 8);

export function CodeEntrySheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const apply = useApplyReferralCode();

  const submit = async () => {
    setError(undefined);
    try {
      const result = await apply.mutateAsync(code);
      notify.success(
        result.welcome_bonus > 0
          ? `Код применён: ${formatPrice(result.welcome_bonus)} на первый заказ`
          : 'Код применён',
      );
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, 'Не удалось применить код'));
    }
  };

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Код приглашения">
      <form
        className="pg-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="pg-hint">Введите код из 8 символов, который прислал друг.</p>
        <TextField
          label="Код приглашения"
          value={code}
          onValueChange={(v) => {
            setCode(v);
            setError(undefined);
          }}
          mask={maskCode}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        <Button type="submit" fullWidth disabled={code.length !== 8} loading={apply.isPending}>
          Применить
        </Button>
      </form>
    </Drawer>
  );
}
