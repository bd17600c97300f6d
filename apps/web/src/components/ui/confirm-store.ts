// Confirmation dialog requests: `confirm({...})` resolves true on Confirm, false on Cancel or
// when closed another way (back button, backdrop).
import { create } from 'zustand';

export type ConfirmOptions = {
  title: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
};

type Pending = ConfirmOptions & { resolve: (confirmed: boolean) => void };

type ConfirmState = {
  pending: Pending | null;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  settle: (confirmed: boolean) => void;
};

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  pending: null,
  confirm(options) {
    get().pending?.resolve(false);
    return new Promise<boolean>((resolve) => set({ pending: { ...options, resolve } }));
  },
  settle(confirmed) {
    get().pending?.resolve(confirmed);
    set({ pending: null });
  },
}));

export const confirm = (options: ConfirmOptions) => useConfirmStore.getState().confirm(options);
