#!/bin/sh
# Entrypoint of every image: maps $SERVICE to its compiled entry file and default port, so the
# Dockerfile, docker-compose.yml and k8s/ only ever say *which* service and *which* command.
#
#   infra-entrypoint serve              run the process (default)
#   infra-entrypoint migrate            run the service's DB migrations, exit when done
#   infra-entrypoint provision-kafka    create the topics and set every service's ACLs (as Kafka's admin), exit
#   infra-entrypoint healthcheck [live|ready]   exit 0 when GET /health/<probe> answers 2xx
#   infra-entrypoint <anything else>    exec it as-is (debugging)
set -eu

SERVICE="${SERVICE:?SERVICE is not set (gateway or a service of services.json)}"

# Entry folder and default port from services.json, the one list of services.
case "$SERVICE" in
  gateway) dir=/app/dist/gateway/src ;;
  *) dir=/app/dist/services/$SERVICE/src ;;
esac
port=$(node -e "const m = require('/app/services.json'); const s = process.argv[1];
  const found = s === 'gateway' ? m.gateway : m.services.find((x) => x.name === s);
  if (!found) process.exit(1); console.log(found.port)" "$SERVICE") || {
  echo "infra-entrypoint: unknown SERVICE '$SERVICE'" >&2
  exit 64
}
export PORT="${PORT:-$port}"

command="${1:-serve}"
case "$command" in
  serve)
    # exec: node becomes PID 1 and receives SIGTERM itself (graceful shutdown).
    exec node "$dir/main.js"
    ;;
  migrate)
    if [ "$SERVICE" = gateway ]; then
      echo "infra-entrypoint: the gateway has no database to migrate" >&2
      exit 64
    fi
    exec node "$dir/migrate.js"
    ;;
  provision-kafka)
    exec node /app/dist/libs/messaging/src/provision-kafka.js
    ;;
  healthcheck)
    probe="${2:-live}"
    # Node 20 has fetch; the slim image has no curl/wget.
    exec node -e "fetch('http://127.0.0.1:${PORT}/health/${probe}', { signal: AbortSignal.timeout(4000) })
      .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
    ;;
  *)
    exec "$@"
    ;;
esac
