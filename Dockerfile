# cardroom: the browser client built with node, the server (with its C solver) on slim Python.
# docker compose builds this for each node; see docker-compose.yml.

FROM node:20-slim AS client
WORKDIR /src/client_web
COPY client_web/package.json client_web/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY client_web/ ./
RUN node build.mjs

FROM python:3.11-slim AS build
# The solver's search loop is a C extension: compiled here, never in the image that runs.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /venv
WORKDIR /src
COPY pyproject.toml README.md ./
COPY server/ server/
COPY protocol/ protocol/
RUN /venv/bin/pip install --no-cache-dir .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 cardroom
COPY --from=build /venv /venv
COPY --from=client /src/client_web/dist /app/client_web/dist
WORKDIR /app
ENV HOST=0.0.0.0 \
    PORT=8000 \
    CARDROOM_CLIENT_DIR=/app/client_web/dist \
    PYTHONUNBUFFERED=1
USER cardroom
EXPOSE 8000
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=3 \
    CMD ["/venv/bin/python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/ready', timeout=2).status != 200)"]
CMD ["/venv/bin/python", "-m", "server"]
