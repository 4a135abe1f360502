#!/bin/sh
# Imports a CSV file of tags (key,value,description[,assets]) into the organization of an API key, as a background
# job would: upload address, PUT, validate, import, poll. Needs curl and jq.
#   KEY=iak_... deploy/examples/import-tags.sh tags.csv
set -eu
API=${API:-http://localhost:8080/api/v1}
FILE=$1
NAME=$(basename "$FILE")
AUTH="Authorization: Bearer $KEY"

# 1. A signed upload address, valid for a few minutes, bound to the organization and the file name.
ADDRESS=$(curl -fsS -H "$AUTH" "$API/s3/tag-upload/$NAME")
URL=$(echo "$ADDRESS" | jq -r .url)
case "$URL" in http*) ;; *) URL="${API%/api/v1}$URL" ;; esac

# 2. The file itself, with the headers the address was signed for.
curl -fsS -X PUT "$URL" -H "$(echo "$ADDRESS" | jq -r '.headers["content-type"] | "content-type: \(.)"')" \
  -H "$(echo "$ADDRESS" | jq -r '.headers["content-disposition"] | "content-disposition: \(.)"')" \
  --data-binary "@$FILE" >/dev/null

# 3. Validation: every issue with its line number; nothing is written.
VALIDATION=$(curl -fsS -H "$AUTH" "$API/tags/validate/import?fileName=$NAME")
if [ "$(echo "$VALIDATION" | jq -r .valid)" != true ]; then
  echo "$VALIDATION" | jq -r '.message, (.issues[] | "line \(.lineNumber) \(.dataField): \(.issue)")' >&2
  exit 1
fi

# 4. The import (all or nothing; submitting the same file again answers the same import), then poll it.
ID=$(curl -fsS -X POST -H "$AUTH" "$API/tags/import?fileName=$NAME" | jq -r .id)
while :; do
  IMPORT=$(curl -fsS -H "$AUTH" "$API/tags/import/$ID")
  case $(echo "$IMPORT" | jq -r .status) in
    completed) echo "$IMPORT" | jq -r .message; exit 0 ;;
    failed) echo "$IMPORT" | jq -r '.message // "Import failed", (.issues // [] | .[] | "line \(.lineNumber) \(.dataField): \(.issue)")' >&2; exit 1 ;;
  esac
  sleep 1
done
