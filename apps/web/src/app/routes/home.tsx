import { useSessionStore } from '../../features/session/session-store.ts';

export function Component() {
  const user = useSessionStore((s) => s.user);
  return (
    <section className="home">
      <h1 className="page-title">Главная</h1>
      {user && <p className="home-greeting">Здравствуйте, {user.first_name}!</p>}
    </section>
  );
}
