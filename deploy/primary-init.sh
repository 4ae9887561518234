#!/bin/bash
# Run once by the postgres image when the primary's data folder is new: the standby's login.
set -euo pipefail
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD:-change-me-too}'"
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
