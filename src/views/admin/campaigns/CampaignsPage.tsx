// Advertising campaigns (managers and admins): the channel (SMS or push), the audience filter and
// the text, a preview of how many consenting customers that channel reaches and the exact message
// with its opt-out line, then sending with a confirmation; below, the campaigns with their
// progress, re-read every few seconds while one runs.
import { useEffect, useState } from 'react';
import {
  adminCreateCampaign,
  adminListCampaigns,
  adminPreviewCampaign,
  adminStopCampaign,
  type Campaign,
  type CampaignChannel,
  type CampaignFilter,
} from '../../../api/contract/admin/campaigns';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { useReference } from '../data/reference';
import { CitySelect, TextAreaField, TextField } from '../kit/fields';
import { AdminTable } from '../kit/lists';
import { PageHead, QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

const REFRESH_MS = 5_000;
const STATUS_TEXT: Record<Campaign['status'], string> = {
  sending: 'отправляется',
  done: 'завершена',
  stopped: 'остановлена',
};
const CHANNEL_TEXT: Record<CampaignChannel, string> = { sms: 'SMS', push: 'Push-уведомление' };
const people = new Intl.PluralRules('ru-RU');
const CUSTOMER_FORMS: Record<string, string> = { one: 'клиент', few: 'клиента', many: 'клиентов', other: 'клиента' };

function customers(n: number): string {
  return `${new Intl.NumberFormat('ru-RU').format(n)} ${CUSTOMER_FORMS[people.select(n)] ?? 'клиентов'}`;
}

interface Draft {
  cityId: string;
  lastOrderFrom: string;
  lastOrderTo: string;
  minOrders: string;
  maxOrders: string;
  text: string;
  channel: CampaignChannel;
}
const EMPTY: Draft = {
  cityId: '',
  lastOrderFrom: '',
  lastOrderTo: '',
  minOrders: '',
  maxOrders: '',
  text: '',
  channel: 'sms',
};

function filterOf(d: Draft): CampaignFilter {
  const filter: CampaignFilter = {};
  if (d.cityId) filter.cityId = d.cityId;
  if (d.lastOrderFrom) filter.lastOrderFrom = d.lastOrderFrom;
  if (d.lastOrderTo) filter.lastOrderTo = d.lastOrderTo;
  if (d.minOrders !== '') filter.minOrders = Number(d.minOrders);
  if (d.maxOrders !== '') filter.maxOrders = Number(d.maxOrders);
  return filter;
}

/** One campaign: when and by whom, its text and channel, its status and counts, and Остановить while it sends. */
function CampaignRow({
  campaign: c,
  pending,
  onStop,
}: {
  campaign: Campaign;
  pending: boolean;
  onStop: (id: string) => Promise<void>;
}) {
  return (
    <tr data-campaign-id={c.id}>
      <td>
        {formatDateTime(c.createdAt)}
        <div className={s.muted}>{c.createdBy}</div>
      </td>
      <td>
        {c.text}
        <div className={s.muted}>{CHANNEL_TEXT[c.channel]}</div>
      </td>
      <td>{STATUS_TEXT[c.status]}</td>
      <td>
        {c.counts.sent} из {c.counts.total}
        {c.counts.skipped > 0 ? <div className={s.muted}>отписались: {c.counts.skipped}</div> : null}
        {c.counts.failed > 0 ? <div className={s.muted}>не доставлено: {c.counts.failed}</div> : null}
      </td>
      <td>
        {c.status === 'sending' ? (
          <ActionButton look="secondary" pending={pending} run={() => onStop(c.id)}>
            Остановить
          </ActionButton>
        ) : null}
      </td>
    </tr>
  );
}

function CampaignList({ query }: { query: ReturnType<typeof useCampaigns> }) {
  const action = useAdminAction();
  const stop = async (id: string) => {
    const result = await action.run(adminStopCampaign, { params: { id } }, { success: 'Рассылка остановлена' });
    if (result.ok) query.reload();
  };
  return (
    <QueryView query={query}>
      {({ campaigns }) =>
        campaigns.length === 0 ? (
          <p className={s.empty}>Рассылок ещё не было.</p>
        ) : (
          <AdminTable label="Рассылки" columns={['Создана', 'Текст', 'Статус', 'Отправлено', '']}>
            {campaigns.map((c) => (
              <CampaignRow key={c.id} campaign={c} pending={action.pending} onStop={stop} />
            ))}
          </AdminTable>
        )
      }
    </QueryView>
  );
}

function useCampaigns() {
  const query = useAdminQuery(adminListCampaigns);
  const running = query.data?.campaigns.some((c) => c.status === 'sending') ?? false;
  const { reload } = query;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
  return query;
}

export default function CampaignsPage() {
  const reference = useReference();
  const list = useCampaigns();
  const action = useAdminAction();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState<{ recipients: number; message: string; smsParts: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** value / onChange of a text control of the draft; a change drops the preview. */
  const field = (key: Exclude<keyof Draft, 'channel'>) => ({
    value: draft[key],
    onChange: (value: string) => {
      setDraft((d) => ({ ...d, [key]: value }));
      setPreview(null);
      setConfirming(false);
    },
  });
  const choose = (channel: CampaignChannel) => {
    setDraft((d) => ({ ...d, channel }));
    setPreview(null);
    setConfirming(false);
  };
  const body = () => ({ filter: filterOf(draft), text: draft.text, channel: draft.channel });

  const showPreview = async () => {
    const result = await action.run(adminPreviewCampaign, { body: body() });
    if (result.ok) setPreview(result.value);
  };
  const send = async () => {
    const result = await action.run(adminCreateCampaign, { body: body() }, { success: 'Рассылка запущена' });
    setConfirming(false);
    if (result.ok) {
      setDraft(EMPTY);
      setPreview(null);
      list.reload();
    }
  };

  return (
    <section>
      <PageHead title="Рассылки" onReload={list.reload} />
      <form
        className={s.panel}
        aria-label="Новая рассылка"
        onSubmit={(e) => {
          e.preventDefault();
          void showPreview();
        }}
      >
        <p className={s.muted}>
          Только клиентам, согласным получать рекламу. В конец сообщения добавляется пометка «Реклама» и ссылка для
          отказа от рассылки.
        </p>
        <fieldset className={s.actions}>
          <legend>Канал</legend>
          {(['sms', 'push'] as const).map((channel) => (
            <label key={channel}>
              <input
                type="radio"
                name="campaign-channel"
                value={channel}
                checked={draft.channel === channel}
                onChange={() => choose(channel)}
              />{' '}
              {CHANNEL_TEXT[channel]}
            </label>
          ))}
        </fieldset>
        {draft.channel === 'push' ? (
          <p className={s.muted}>Получат клиенты, подписанные на push-уведомления в браузере; до 300 символов.</p>
        ) : null}
        <div className={s.grid2}>
          <CitySelect cities={reference.cities} all="Все города" {...field('cityId')} />
          <TextField label="Последний заказ с" type="date" {...field('lastOrderFrom')} />
          <TextField label="Последний заказ по" type="date" {...field('lastOrderTo')} />
          <TextField label="Заказов не меньше" type="number" min={0} {...field('minOrders')} />
          <TextField label="Заказов не больше" type="number" min={0} {...field('maxOrders')} />
        </div>
        <TextAreaField label="Текст сообщения" rows={3} maxLength={600} {...field('text')} />
        <div className={s.actions}>
          <button type="submit" className={cx(s.button, s.secondary)} disabled={action.pending}>
            Предпросмотр
          </button>
        </div>
        {preview ? (
          <div role="status" aria-label="Предпросмотр рассылки">
            <p>
              Получат: <strong>{customers(preview.recipients)}</strong>
              {draft.channel === 'sms' ? `, частей SMS: ${preview.smsParts}` : ' (push-уведомление)'}
            </p>
            <pre className={s.code}>{preview.message}</pre>
            {confirming ? (
              <div className={s.actions}>
                <span>Отправить {customers(preview.recipients)}?</span>
                <ActionButton pending={action.pending} run={send}>
                  Да, отправить
                </ActionButton>
                <button type="button" className={cx(s.button, s.secondary)} onClick={() => setConfirming(false)}>
                  Нет
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={s.button}
                disabled={preview.recipients === 0}
                onClick={() => setConfirming(true)}
              >
                Отправить
              </button>
            )}
          </div>
        ) : null}
      </form>
      <CampaignList query={list} />
    </section>
  );
}
