import { createContext, useContext, type ReactElement } from "react";

/**
 * Markup rendered once and reused (decision 118): on the server, `markup(key, render)` gives the
 * static HTML of `render()`, kept under `key`, which must name everything that markup shows; in the
 * browser there is no provider and the caller renders its elements as usual.
 */
export type StaticMarkup = (key: string, render: () => ReactElement) => string;

const StaticMarkupContext = createContext<StaticMarkup | null>(null);

export const StaticMarkupProvider = StaticMarkupContext.Provider;

export function useStaticMarkup(): StaticMarkup | null {
  return useContext(StaticMarkupContext);
}
