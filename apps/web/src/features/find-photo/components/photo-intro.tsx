// find/photo before a photo is chosen: the camera tile, the lead, the pick buttons, the tips.
import type { ReactNode } from 'react';

export function PhotoIntro({ children }: { children: ReactNode }) {
  return (
    <div className="find-photo__intro">
      <div className="find-photo__tile" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="56" height="56" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M6 16a4 4 0 0 1 4-4h5l3-4h12l3 4h5a4 4 0 0 1 4 4v20a4 4 0 0 1-4 4H10a4 4 0 0 1-4-4z" />
          <circle cx="24" cy="25" r="8" />
        </svg>
      </div>
      <p className="find-photo__lead">Сфотографируйте вещь или загрузите скриншот</p>
      {children}
      <p className="find-photo__tips">
        Советы: вещь целиком · однотонный фон · без других предметов · скриншот из Poizon тоже подойдёт
      </p>
    </div>
  );
}
