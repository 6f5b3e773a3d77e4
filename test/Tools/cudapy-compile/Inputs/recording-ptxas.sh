#!/bin/sh
# A ptxas that appends its GLIBC_TUNABLES to $RECORD, then runs $REAL_PTXAS.
printf '%s\n' "${GLIBC_TUNABLES-unset}" >> "$RECORD"
exec "$REAL_PTXAS" "$@"
