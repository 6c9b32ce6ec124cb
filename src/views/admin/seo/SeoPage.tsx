// Page titles and descriptions for search engines and link previews: an operator's text for one
// page of one city ('/angarsk/catalog/pizza') or for the page in every city ('/catalog/pizza');
// an empty field keeps the text the server generates (docs/SEO.md «Overrides»).
import { useState } from 'react';
import { adminListSeoOverrides, adminSaveSeoOverride, type AdminSeoOverride } from '../../../api/contract/admin/seo';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { TextAreaField, TextField } from '../kit/fields';
import { PageHead, QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

/** Search engines show about this much of a title and a description. */
const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 160;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;

const counter = (text: string, shown: number) =>
  `${new Intl.NumberFormat('ru-RU').format(text.trim().length)} из ~${shown} видимых символов`;

interface Draft {
  path: string;
  title: string;
  description: string;
}
const EMPTY: Draft = { path: '', title: '', description: '' };

function OverrideForm({ initial, onSaved }: { initial: Draft; onSaved: () => void }) {
  const action = useAdminAction();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    if (!draft.path.trim().startsWith('/')) {
      setError('Адрес страницы начинается с «/», например /angarsk/catalog');
      return;
    }
    setError(null);
    const result = await action.run(
      adminSaveSeoOverride,
      { body: { path: draft.path.trim(), title: draft.title, description: draft.description } },
      { success: 'Заголовок и описание сохранены' },
    );
    if (result.ok) {
      setDraft(EMPTY);
      onSaved();
    }
  };
  return (
    <div className={s.panel} role="group" aria-label="Заголовок и описание страницы">
      <TextField
        label="Адрес страницы"
        error={error}
        hint="С городом (/angarsk/catalog/pizza) — только для этого города; без города (/catalog/pizza) — для всех городов."
        value={draft.path}
        placeholder="/angarsk/catalog"
        onChange={(path) => set({ path })}
      />
      <TextField
        label="Заголовок (title)"
        hint={`${counter(draft.title, TITLE_SHOWN)}. Пусто — заголовок по шаблону.`}
        maxLength={TITLE_MAX}
        value={draft.title}
        onChange={(title) => set({ title })}
      />
      <TextAreaField
        label="Описание (description)"
        hint={`${counter(draft.description, DESCRIPTION_SHOWN)}. Пусто — описание по шаблону.`}
        maxLength={DESCRIPTION_MAX}
        value={draft.description}
        onChange={(description) => set({ description })}
      />
      <ActionButton pending={action.pending} run={save}>
        Сохранить
      </ActionButton>
    </div>
  );
}

function OverrideTable({
  overrides,
  onEdit,
  onRemoved,
}: {
  overrides: readonly AdminSeoOverride[];
  onEdit: (o: AdminSeoOverride) => void;
  onRemoved: () => void;
}) {
  const action = useAdminAction();
  if (overrides.length === 0)
    return <p className={s.empty}>Все страницы используют заголовки и описания по шаблону.</p>;
  const remove = async (path: string) => {
    const result = await action.run(
      adminSaveSeoOverride,
      { body: { path, title: null, description: null } },
      { success: 'Возвращены заголовок и описание по шаблону' },
    );
    if (result.ok) onRemoved();
  };
  return (
    <div className={s.scrollX}>
      <table className={s.table}>
        <thead>
          <tr>
            <th>Адрес</th>
            <th>Заголовок</th>
            <th>Описание</th>
            <th>Изменено</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {overrides.map((o) => (
            <tr key={o.path}>
              <td className={s.code}>{o.path}</td>
              <td>{o.title ?? <span className={s.muted}>по шаблону</span>}</td>
              <td>{o.description ?? <span className={s.muted}>по шаблону</span>}</td>
              <td>{formatDateTime(o.updatedAt)}</td>
              <td>
                <div className={s.actions}>
                  <button type="button" className={cx(s.button, s.secondary)} onClick={() => onEdit(o)}>
                    Изменить
                  </button>
                  <ActionButton look="danger" pending={action.pending} run={() => remove(o.path)}>
                    Убрать
                  </ActionButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function SeoPage() {
  const list = useAdminQuery(adminListSeoOverrides);
  const [editing, setEditing] = useState<{ key: number; draft: Draft }>({ key: 0, draft: EMPTY });
  const edit = (o: AdminSeoOverride) =>
    setEditing((e) => ({
      key: e.key + 1,
      draft: { path: o.path, title: o.title ?? '', description: o.description ?? '' },
    }));
  return (
    <>
      <PageHead title="SEO: заголовки и описания" />
      <p className={s.muted}>
        Заголовок и описание страницы в поисковиках и в превью ссылок. Товары, разделы и города получают их по шаблону
        автоматически; здесь их можно заменить своими.
      </p>
      <OverrideForm key={editing.key} initial={editing.draft} onSaved={list.reload} />
      <QueryView query={list}>
        {(data) => <OverrideTable overrides={data.overrides} onEdit={edit} onRemoved={list.reload} />}
      </QueryView>
    </>
  );
}
