import { renderToStaticMarkup } from "react-dom/server";
import { ByteLru } from "./byte-lru";
import type { StaticMarkup } from "./static-markup";

// Per process; a level-5 trial balance's rows are ~300 KB of HTML (two bytes per character counted).
const MAX_BYTES = 64 * 1024 * 1024;
const markups = new ByteLru<string>(MAX_BYTES, (html) => html.length * 2);

/**
 * The server's StaticMarkup: `render()` to static HTML once per key. The markup is what React's
 * server render writes for the same elements, so the browser hydrates its own elements over it.
 */
export const cachedStaticMarkup: StaticMarkup = (key, render) => {
  let html = markups.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(render());
    markups.set(key, html);
  }
  return html;
};
