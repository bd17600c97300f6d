// The header of order placing: the page title, the step name with "Шаг 2 из 4" and a four-part
// progress bar.
import './placing.css';

export const PLACING_STEPS = ['Товары', 'Доставка', 'Данные для таможни', 'Подтверждение'] as const;

export function PlacingSteps({ step }: { step: number }) {
  return (
    <header className="placing-steps">
      <h1 className="page-title">Оформление заказа</h1>
      <div className="placing-steps__row">
        <h2 className="placing-steps__title">{PLACING_STEPS[step]}</h2>
        <p className="placing-steps__count">
          Шаг {step + 1} из {PLACING_STEPS.length}
        </p>
      </div>
      <ol className="placing-steps__bar" aria-hidden="true">
        {PLACING_STEPS.map((name, i) => (
          <li
            key={name}
            className={i <= step ? 'placing-steps__part placing-steps__part--done' : 'placing-steps__part'}
          />
        ))}
      </ol>
    </header>
  );
}

/** The step from `?step=`: an integer 0–3, anything else is 0. */
export function parseStep(raw: string | null): number {
  const n = Number(raw ?? 0);
  return Number.isInteger(n) && n >= 0 && n < PLACING_STEPS.length ? n : 0;
}
