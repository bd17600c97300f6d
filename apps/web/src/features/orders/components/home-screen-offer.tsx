// The add-to-home-screen offer on «Заказ оплачен» (docs/product.md §4.16, docs/decisions/055):
// shown once per shopper, after the first paid order, when Telegram can add the shortcut and it is
// not there yet. «Добавить» asks Telegram's own prompt; «Не сейчас» hides it. Either way it is not
// offered again (telegram/home-screen.ts remembers it).
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { addToHomeScreen, takeHomeScreenOffer } from '../../../telegram/home-screen.ts';

export function HomeScreenOffer() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void takeHomeScreenOffer().then((offer) => live && setShown(offer));
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  return (
    <section className="home-screen-offer" aria-labelledby="home-screen-offer-title">
      <h3 id="home-screen-offer-title" className="home-screen-offer__title">
        Магазин на главном экране
      </h3>
      <p className="home-screen-offer__text">
        Добавьте иконку магазина — заказы и новинки будут в одно касание.
      </p>
      <div className="home-screen-offer__actions">
        <Button
          size="medium"
          onClick={() => {
            haptic.impact();
            setShown(false);
            void addToHomeScreen();
          }}
        >
          Добавить на экран
        </Button>
        <Button size="medium" variant="secondary" onClick={() => setShown(false)}>
          Не сейчас
        </Button>
      </div>
    </section>
  );
}
