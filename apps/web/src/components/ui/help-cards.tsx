// Help cards (docs/product.md §2): external help articles opened through Telegram's openLink, or a new
// browser tab when that fails.
import { env } from '../../config/env.ts';
import { openExternalLink } from '../../telegram/links.ts';
import './help-cards.css';

const HELP_BASE = env.VITE_HELP_BASE_URL;

export const HELP_ARTICLES = [
  {
    id: 'delivery-terms',
    title: 'Доставка и условия',
    hint: 'Сроки, стоимость, оферта',
    path: '/Dostavka-i-usloviya',
  },
  { id: 'support', title: 'Центр поддержки', hint: 'Ответы на частые вопросы', path: '/Centr-podderzhki' },
  { id: 'ask', title: 'Задать вопрос', hint: 'Напишите нам в Telegram', path: '/Zadat-vopros' },
  { id: 'return', title: 'Как оформить возврат', hint: 'Пошаговая инструкция', path: '/Kak-oformit-vozvrat' },
] as const;

export function HelpCards() {
  return (
    <section className="help-cards" aria-labelledby="help-cards-title">
      <h2 id="help-cards-title" className="help-cards__title">
        Помощь
      </h2>
      <ul className="help-cards__list">
        {HELP_ARTICLES.map((article) => (
          <li key={article.id}>
            <button
              type="button"
              className="help-card"
              onClick={() => openExternalLink(`${HELP_BASE}${article.path}`)}
            >
              <span className="help-card__title">{article.title}</span>
              <span className="help-card__hint">{article.hint}</span>
              <svg className="help-card__chevron" viewBox="0 0 24 24" aria-hidden="true">
                <path d="m9 6 6 6-6 6" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
