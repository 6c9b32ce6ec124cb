// `npm run fake:iiko`: the fake iikoCloud on a fixed port for the demo (docs/IIKO.md).
// Options: --port 8765, --webhook <url> (default the storefront on :3333), --token <authToken>,
// --no-webhook (the storefront then polls statuses).
import { parseArgs } from 'node:util';
import { startFakeIiko } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8765' },
    webhook: { type: 'string', default: 'http://127.0.0.1:3333/api/v1/pos/iiko/webhook' },
    token: { type: 'string', default: 'demo-webhook-token' },
    'no-webhook': { type: 'boolean', default: false },
  },
});

const fake = await startFakeIiko({ port: Number(values.port), creationPolls: 1 });
if (!values['no-webhook']) fake.webhook = { url: values.webhook, authToken: values.token };
console.log(`Fake iiko: ${fake.url}  (control page: ${fake.url}/)`);
console.log('Start the storefront on it with (at night, `npm run demo:open-all-day` first: docs/IIKO.md):');
console.log(
  `  IIKO_API_URL=${fake.url} IIKO_API_LOGIN=${fake.apiLogin} IIKO_ORGANIZATION_ID=${fake.organizationId}` +
    (fake.webhook ? ` IIKO_WEBHOOK_TOKEN=${fake.webhook.authToken}` : '') +
    ' npm start',
);
// Ctrl+C always ends the fake: a close that fails is printed, not left as a hanging process.
const stop = () =>
  void fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Fake iiko: close failed', error);
      process.exit(1);
    },
  );
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
