// The signed-in shopper's invite code, set at session start (app/session-start.ts) and read when a
// product link is shared (telegram/links.ts), so the link carries `__ref_<code>` (docs/product.md
// §13). A module of its own so the first screen does not load the share code to set it.
let sharerRef: string | undefined;

export const setSharerRef = (code: string | undefined): void => {
  sharerRef = code;
};

export const getSharerRef = (): string | undefined => sharerRef;
