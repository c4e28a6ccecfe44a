# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Everything needed to build: the sources and the development dependencies (Remix's compiler, esbuild).
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# What runs: the production dependencies and the build output (decision 210). No TypeScript, no
# sources, no tests, benchmarks or sample generators.
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    REQUIRE_MONGODB_URI=1
RUN mkdir -p /data && chown node:node /data
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
# The Hacienda schemas the invoices are validated against, read at run time.
COPY --from=build --chown=node:node /app/packages/hacienda-xsd ./packages/hacienda-xsd
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "build/server/server.js"]
