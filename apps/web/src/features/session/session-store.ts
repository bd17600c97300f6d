// Who is signed in (docs/product.md §3 "User state: user, isAuthenticated").
import type { Profile } from '@shop/contract';
import { create } from 'zustand';

type SessionState = {
  user: Profile | null;
  isAuthenticated: boolean;
  setUser: (user: Profile | null) => void;
};

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  isAuthenticated: false,
  setUser: (user) => set({ user, isAuthenticated: user !== null }),
}));
