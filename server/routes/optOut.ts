// /u/:code — the one-tap opt-out link every campaign message carries (docs/ADMIN.md «Campaigns»).
// A plain page, no script: it works from any phone's SMS app. Following the link withdraws the
// consent to advertising at once; an unknown code changes nothing and says so.
import type { FastifyInstance } from 'fastify';
import { optOut } from '../services/campaigns/optOut.js';

function page(title: string, text: string): string {
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>${text}</p><p><a href="/">Перейти на сайт</a></p></body></html>`
  );
}

export async function registerOptOut(app: FastifyInstance): Promise<void> {
  app.get('/u/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const done = /^[0-9a-f]{16}$/.test(code) && (await optOut(app.ctx, code));
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return done
      ? reply.send(
          page(
            'Вы отписались от рассылки',
            'Рекламные сообщения больше не придут. Согласие можно вернуть в личном кабинете.',
          ),
        )
      : reply.code(404).send(page('Ссылка не найдена', 'Ссылка для отказа от рассылки недействительна.'));
  });
}
