#!/usr/bin/env bash
# One-time whole-tree formatting and lint autofixes, run by the lead after the parallel branches
# are merged (never on a feature branch: it touches most files). Then commit the result alone.
#   bash tools/format-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
npx prettier --write .
npx eslint --fix .
# eslint --fix may reflow an import line; Prettier has the last word on layout.
npx prettier --write .
npx tsc --noEmit -p .
npm run lint
npm run format:check
