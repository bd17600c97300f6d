import { Outlet } from 'react-router';
import { BottomBar } from './bottom-bar.tsx';

export function NavLayout() {
  return (
    <div className="layout layout--nav">
      <main className="page">
        <Outlet />
      </main>
      <BottomBar />
    </div>
  );
}
