// The favourites drawer (docs/product.md §4, §5, §8): asks for the size to remember with the favourite.
// The size must be a positive variant id ("Выберите корректный размер" while it is not); submit
// is disabled while invalid or submitting; success and failure answer with the spec's toasts.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@shop/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { variantLabel } from '../../../lib/variant-label.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useAddFavorite } from '../api/add-favorite.ts';
import './favorite-drawer.css';

export const FavoriteSizeSchema = z.object({
  size: z.number({ error: 'Выберите корректный размер' }).positive('Выберите корректный размер'),
});
type FavoriteSizeForm = z.infer<typeof FavoriteSizeSchema>;

export const FAVORITE_ADDED = 'Товар добавлен в избранное ❤️';
export const FAVORITE_FAILED = 'Произошла ошибка при добавлении в избранное';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | undefined;
  loading: boolean;
  /** The size this favourite already has: preselected when the shopper changes it. */
  initialVariantId?: number | null;
};

export default function FavoriteDrawer({ open, onOpenChange, product, loading, initialVariantId }: Props) {
  const add = useAddFavorite(FAVORITE_FAILED);
  const { control, handleSubmit, formState, reset } = useForm<FavoriteSizeForm>({
    resolver: zodResolver(FavoriteSizeSchema),
    mode: 'onChange',
    defaultValues: { size: initialVariantId ?? 0 },
  });
  const close = () => {
    reset({ size: 0 });
    onOpenChange(false);
  };

  const submit = handleSubmit(async ({ size }) => {
    if (!product) return;
    try {
      await add.mutateAsync({ product_id: product.id, variant_id: size });
      notify.success(FAVORITE_ADDED);
      close();
    } catch {
      // Toasted from the mutation's meta (the server's message, or FAVORITE_FAILED).
    }
  });

  const invalid = !formState.isValid;
  return (
    <Drawer open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())} title="В избранное">
      <form className="favorite-drawer" onSubmit={(e) => void submit(e)} noValidate>
        {product && (
          <p className="favorite-drawer__product">{product.computed_title.title || product.title}</p>
        )}
        <Controller
          control={control}
          name="size"
          render={({ field, fieldState }) => (
            <fieldset className="favorite-drawer__sizes">
              <legend>Размер</legend>
              {loading && (
                <div className="skeleton favorite-drawer__skeleton" role="status" aria-label="Загрузка" />
              )}
              <div
                className="favorite-drawer__grid"
                role="radiogroup"
                aria-label="Размер"
                onBlur={(event) => {
                  // Touched once focus leaves the sizes, not when focus moves between them.
                  if (!event.currentTarget.contains(event.relatedTarget)) field.onBlur();
                }}
              >
                {product?.variants.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    role="radio"
                    aria-checked={field.value === v.id}
                    disabled={v.qty === 0}
                    className={`size-option${field.value === v.id ? ' size-option--selected' : ''}`}
                    onClick={() => {
                      haptic.selection();
                      field.onChange(v.id);
                    }}
                  >
                    {variantLabel(v, { sizeFirst: true })}
                  </button>
                ))}
              </div>
              {/* Not before the shopper has touched the sizes: an untouched drawer is not a mistake. */}
              {(fieldState.isTouched || formState.isSubmitted) && (fieldState.error || invalid) && (
                <p className="favorite-drawer__error" role="alert">
                  {fieldState.error?.message ?? 'Выберите корректный размер'}
                </p>
              )}
            </fieldset>
          )}
        />
        <Button
          type="submit"
          fullWidth
          disabled={invalid || formState.isSubmitting}
          loading={formState.isSubmitting}
        >
          Добавить в избранное
        </Button>
      </form>
    </Drawer>
  );
}
