import { createContext, useContext, type ReactNode } from "react";

export interface ClientOrganization {
  id: string;
  cedula: string;
  name: string;
  contactEmail?: string;
}

export interface ClientAccount {
  user: { id: string; email: string };
  isSuperAdmin: boolean;
  isAdmin: boolean;
  isRoot: boolean;
  roles?: Record<string, string>;
  organizations: ClientOrganization[];
}

export const ACCOUNT_CONTEXT_MISSING = "useAccount debe usarse dentro de <AccountProvider>.";

// `undefined` means "no provider"; `null` means "provider present, nobody signed in".
const AccountContext = createContext<ClientAccount | null | undefined>(undefined);

export function AccountProvider({ account, children }: { account: ClientAccount | null; children: ReactNode }) {
  return <AccountContext.Provider value={account}>{children}</AccountContext.Provider>;
}

/** The signed-in account, or null for a visitor. Throws when used outside its provider (docs/spec/sign-in.md §6). */
export function useAccount(): ClientAccount | null {
  const account = useContext(AccountContext);
  if (account === undefined) throw new Error(ACCOUNT_CONTEXT_MISSING);
  return account;
}
