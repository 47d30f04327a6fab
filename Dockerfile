# The gateway in a container: Node LTS, non-root, health-checked, with the configurator (/configurator) it serves.
# Not built in this repository's CI (no Docker there); test/node/docker-image.test.ts lays out the runtime stage from
# the COPY lines below (scripts/docker-layout.ts) and starts the gateway from it. See docs/gateway.md "Container".
#   docker build -t merchant-gateway .
#   docker run -p 8787:8787 --env-file gateway.env merchant-gateway
# Node 26: the active LTS line (package.json's engines admits it; the test checks the line is supported).
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci wants every workspace the lock names: the linter's (tools/typescript-eslint; dev only, nothing of it runs here).
COPY tools/typescript-eslint/package.json ./tools/typescript-eslint/
# Dev dependencies include the test browsers' and runtimes' packages; their install scripts are not needed to
# build, so none run.
RUN npm ci --ignore-scripts --no-audit --no-fund
# What `npm run build` reads: the sources, the build's scripts and configuration, the demo's options (the manifest's
# and the plugin's tables are made through them) and the WordPress plugin's sources (the zip the configurator offers).
COPY tsconfig*.json rollup.config.mjs custom-elements-manifest.config.mjs ./
COPY scripts ./scripts
COPY src ./src
COPY demo ./demo
COPY integrations/wordpress ./integrations/wordpress
# The one build (package.json): the server (dist/node), the browser builds, the manifest and the plugin's zip.
RUN npm run build

FROM node:26-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/typescript-eslint/package.json ./tools/typescript-eslint/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY --from=build /app/dist/node ./dist/node
# What the configurator (src/adapters/node/configurator.ts) serves from the package root: its page and the page's
# files, the list of languages its options import, the browser builds its preview runs, the manifest, the plugin's zip.
COPY demo/configurator.html demo/configurator.js demo/configurator.css demo/element-options.js demo/favicon.svg ./demo/
COPY src/elements/i18n/languages.js ./src/elements/i18n/
COPY --from=build /app/dist/*.js /app/dist/*-files.json /app/dist/custom-elements.json ./dist/
COPY --from=build /app/dist/wordpress/merchant-elements.zip ./dist/wordpress/
USER node
EXPOSE 8787
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) closes the server and the cache writes, then exits 0.
CMD ["node", "bin/merchant-elements.js", "gateway"]
