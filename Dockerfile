# QR Hub as a container: the production install of docs/deploy.md, step for step.
# (No image can be pulled or built on the project's own machines; tests/server/ops/deploy.test.ts
# checks that these steps are the documented ones, and tests/server/ops/cli.test.ts runs them.)
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source on Node 20.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data DASHBOARD_DIR=/app/dist/dashboard
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/locales ./locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=16", "scripts/run.mjs", "start"]
