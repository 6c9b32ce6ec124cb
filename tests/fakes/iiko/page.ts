// The fake iiko's control page for the demo: orders with their status, prices, stop lists,
// terminal liveness and faults, each a plain HTML form posting to /fake/….
import { POS_ORDER_STATUSES } from '../../../server/integrations/pos/port.js';
import type { FakeProduct } from './nomenclature.js';

/** What the page shows of the fake (server.ts's FakeIiko has all of it). */
export interface ControlPageState {
  organizationId: string;
  apiLogin: string;
  revision: number;
  webhook: { url: string } | null;
  orders: Map<
    string,
    {
      id: string;
      terminalGroupId: string;
      creationStatus: string;
      errorMessage: string | null;
      status: string;
      body: Record<string, unknown>;
    }
  >;
  products: FakeProduct[];
  stopLists: Map<string, Map<string, number>>;
  alive: Map<string, boolean>;
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const form = (action: string, inner: string) =>
  `<form method="post" action="${action}" style="display:inline"><input type="hidden" name="page" value="1">${inner}</form>`;

export function controlPage(fake: ControlPageState): string {
  const orders = [...fake.orders.values()].reverse();
  const dishes = fake.products.filter((p) => p.type === 'Dish' && !p.isDeleted);
  const terminals = [...fake.alive.keys()];
  const options = (values: readonly string[], selected = '') =>
    values.map((v) => `<option${v === selected ? ' selected' : ''}>${esc(v)}</option>`).join('');
  const stops = [...fake.stopLists].flatMap(([terminal, items]) =>
    [...items].map(
      ([productId, balance]) =>
        `<li>${esc(terminal)}: ${esc(productId)} (${balance}) ${form('/fake/stop', `<input type="hidden" name="terminalGroupId" value="${esc(terminal)}"><input type="hidden" name="productId" value="${esc(productId)}"><button>снять со стопа</button>`)}</li>`,
    ),
  );
  return `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Фейковый iiko</title>
<body style="font-family:sans-serif;max-width:960px;margin:1em auto">
<h1>Фейковый iiko</h1>
<p>Организация <code>${esc(fake.organizationId)}</code>, apiLogin <code>${esc(fake.apiLogin)}</code>, ревизия меню ${fake.revision}.
Вебхук: ${fake.webhook ? `<code>${esc(fake.webhook.url)}</code>` : 'не задан (сайт опрашивает статусы)'}.</p>
<h2>Заказы</h2>
<table border="1" cellpadding="4"><tr><th>id</th><th>номер</th><th>терминал</th><th>создание</th><th>статус</th></tr>
${orders
  .map((o) => {
    const number = (o.body.order as { externalNumber?: string } | undefined)?.externalNumber ?? '';
    return `<tr><td><code>${esc(o.id.slice(0, 8))}</code></td><td>${esc(String(number))}</td><td>${esc(o.terminalGroupId)}</td><td>${o.creationStatus}${o.errorMessage ? `: ${esc(o.errorMessage)}` : ''}</td><td>${form('/fake/status', `<input type="hidden" name="orderId" value="${esc(o.id)}"><select name="status">${options(POS_ORDER_STATUSES, o.status)}</select><button>сменить</button>`)}</td></tr>`;
  })
  .join('\n')}
</table>
<h2>Цена</h2>
${form('/fake/price', `<select name="productId">${dishes.map((p) => `<option value="${esc(p.id)}">${esc(p.name)} — ${p.sizePrices[0]?.price.currentPrice ?? 0} ₽</option>`).join('')}</select> <input name="price" type="number" min="0" required> <button>сохранить (новая ревизия)</button>`)}
<h2>Стоп-лист</h2>
${form('/fake/stop', `<select name="terminalGroupId">${options(terminals)}</select> <select name="productId">${dishes.map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join('')}</select> <input type="hidden" name="balance" value="0"><button>поставить на стоп</button>`)}
<ul>${stops.join('')}</ul>
<h2>Терминалы</h2>
<ul>${terminals.map((t) => `<li>${esc(t)}: ${fake.alive.get(t) ? 'в сети' : 'не в сети'} ${form('/fake/alive', `<input type="hidden" name="terminalGroupId" value="${esc(t)}"><input type="hidden" name="alive" value="${fake.alive.get(t) ? 'false' : 'true'}"><button>${fake.alive.get(t) ? 'выключить' : 'включить'}</button>`)}</li>`).join('')}</ul>
<h2>Сбои</h2>
${form('/fake/fault', `<select name="fault">${options(['none', 'http-500', 'timeout', 'unauthorized', 'slow', 'malformed'])}</select> раз: <input name="times" type="number" min="1" placeholder="все"> <button>включить</button>`)}
${form('/fake/expire-tokens', '<button>истечь все токены</button>')}
</body></html>`;
}
