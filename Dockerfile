# The gateway in a container: Node LTS, non-root, health-checked. Not built in this repository's CI (no Docker
# there); see docs/gateway.md "Container".
#   docker build -t merchant-gateway .
#   docker run -p 8787:8787 --env-file gateway.env merchant-gateway
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci wants every workspace the lock names: the linter's (tools/typescript-eslint; dev only, nothing of it runs here).
COPY tools/typescript-eslint/package.json ./tools/typescript-eslint/
# Dev dependencies include the test browsers' and runtimes' packages; their install scripts are not needed to
# build the server, so none run.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig*.json ./
COPY scripts ./scripts
COPY src ./src
# The CLI bundles the demo's server (demo/server/) with the rest: `serve` is one of its commands.
COPY demo ./demo
RUN node scripts/build-node.mjs

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/typescript-eslint/package.json ./tools/typescript-eslint/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY --from=build /app/dist/node ./dist/node
USER node
EXPOSE 8787
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) closes the server and the cache writes, then exits 0.
CMD ["node", "bin/merchant-elements.js", "gateway"]
