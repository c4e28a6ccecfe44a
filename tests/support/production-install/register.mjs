// `node --import ./tests/support/production-install/register.mjs …`: runs a program with only the
// production dependencies resolvable (see hooks.mjs).
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
