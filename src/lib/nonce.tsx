import { createContext, useContext } from "react";

/** Carries the server's CSP nonce to the script tags React Router renders. Empty in the browser. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
