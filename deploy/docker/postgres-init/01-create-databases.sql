-- Run once by the postgres image on an empty data volume (docker-compose.yml mounts this folder
-- on /docker-entrypoint-initdb.d). One database per service: no service reads another's tables.
CREATE DATABASE infra_identity;
CREATE DATABASE infra_inventory;
CREATE DATABASE infra_tagging;
CREATE DATABASE infra_events;
CREATE DATABASE infra_analytics;
