# The portal in one image: built once in the first stage, run as compiled JavaScript with plain
# Node in the second (no TypeScript loader, no dev dependencies). Not built here: our machines have
# no Docker engine (see README). CI checks the second stage without Docker (`npm run image:check`,
# scripts/image-check.ts): the files it copies, laid out and pruned as here, started with its ENV
# and CMD, make a certificate and its PDF, an Excel file, an image, the home page and a backup.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
# postinstall generates the Prisma client into server/generated (offline, see prisma/README.md).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
# What the compiled server reads at run time: its code, the web app, migrations, fonts, packages.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/web/dist-server ./web/dist-server
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/fonts ./fonts
VOLUME /data
EXPOSE 8080
# Accounts from the command line: docker compose exec portal node dist/server/cli/user.js list
# The flags are start:prod's (package.json): a smaller young generation and V8 helper threads for
# the cores there are (see bench/README.md, "Memory of the server").
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=0", "dist/server/main.js"]
