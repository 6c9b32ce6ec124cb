// Content: the informational pages' title and text per city, and the index page's
// stories and slides (settings STORIES and SLIDES) with picture upload.
import { useState } from 'react';
import {
  adminListPages,
  adminListSettings,
  adminSavePage,
  adminUpdateSetting,
  type AdminSetting,
} from '../../../api/contract/admin/settings';
import { PAGE_SLUGS, type PageSlug } from '../../../api/contract/pages';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { Field, PageHead, QueryView, cx, formatDateTime } from '../ui';
import { ImageField } from '../menu/forms';
import { validateSetting } from './validate';
import s from '../admin.module.css';

export const PAGE_TITLES: Readonly<Record<PageSlug, string>> = {
  about: 'О компании',
  delivery: 'Доставка и оплата',
  legal: 'Правовая информация',
  rule: 'Правила бонусной программы',
  promo: 'Акции',
  vacancies: 'Вакансии',
  masterclass: 'Мастер-класс',
  'push-notifications-rules': 'Правила push-уведомлений',
  'receive-advertising-information': 'Согласие на рекламу',
};

function PageEditor({
  cityId,
  slug,
  initial,
  onSaved,
}: {
  cityId: string;
  slug: PageSlug;
  initial: { title: string; body: string } | null;
  onSaved: () => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(adminSavePage);
  const [title, setTitle] = useState(initial?.title ?? PAGE_TITLES[slug]);
  const [body, setBody] = useState(initial?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (title.trim() === '') {
      setError('Введите заголовок');
      return;
    }
    setError(null);
    const result = await action.run(
      adminSavePage,
      { params: { cityId, slug }, body: { title: title.trim(), body } },
      { success: 'Страница сохранена' },
    );
    if (result.ok) onSaved();
  };
  return (
    <div className={s.panel} aria-label="Страница" role="group">
      <Field label="Заголовок" error={error}>
        {(id) => (
          <input
            id={id}
            className={s.input}
            value={title}
            readOnly={!canEdit}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field label="Текст" hint="Абзацы через пустую строку; «## » в начале — заголовок; строки с «- » — список.">
        {(id) => (
          <textarea
            id={id}
            className={s.textarea}
            style={{ minHeight: 320 }}
            value={body}
            readOnly={!canEdit}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      {canEdit ? (
        <button type="button" className={s.button} disabled={action.pending} onClick={() => void save()}>
          Сохранить страницу
        </button>
      ) : null}
    </div>
  );
}

function PagesSection() {
  const ref = useReference();
  const [city, setCity] = useState('');
  const [slug, setSlug] = useState<PageSlug>('about');
  const cityId = city || ref.cities[0]?.id || '';
  const pages = useAdminQuery(adminListPages, { query: { cityId } }, { enabled: cityId !== '' });
  return (
    <>
      <div className={s.filters}>
        <Field label="Город">
          {(id) => (
            <select id={id} className={s.select} value={cityId} onChange={(e) => setCity(e.target.value)}>
              {ref.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Страница">
          {(id) => (
            <select id={id} className={s.select} value={slug} onChange={(e) => setSlug(e.target.value as PageSlug)}>
              {PAGE_SLUGS.map((p) => (
                <option key={p} value={p}>
                  {PAGE_TITLES[p]} (/{p})
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <QueryView query={pages}>
        {(data) => {
          const page = data.pages.find((p) => p.slug === slug && p.cityId === cityId) ?? null;
          return (
            <>
              <p className={s.muted}>
                {page
                  ? `Изменена ${formatDateTime(page.updatedAt)}`
                  : 'Страницы для этого города ещё нет: она будет создана при сохранении.'}
              </p>
              <PageEditor
                key={`${cityId}/${slug}/${page?.updatedAt ?? ''}`}
                cityId={cityId}
                slug={slug}
                initial={page}
                onSaved={pages.reload}
              />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

interface Slide {
  id: string;
  title: string;
  imageUrl: string;
  link: string | null;
}

function asSlides(value: unknown): Slide[] {
  if (!Array.isArray(value)) return [];
  return value.filter((x): x is Slide => typeof x === 'object' && x !== null && typeof (x as Slide).id === 'string');
}

function SlidesEditor({
  setting,
  kind,
  onSaved,
}: {
  setting: AdminSetting;
  kind: 'stories' | 'slides';
  onSaved: (x: AdminSetting) => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(adminUpdateSetting);
  const [items, setItems] = useState<Slide[]>(() => asSlides(setting.value));
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<Slide>) =>
    setItems((list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const move = (i: number, by: number) =>
    setItems((list) => {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const copy = [...list];
      const [item] = copy.splice(i, 1);
      if (item) copy.splice(j, 0, item);
      return copy;
    });
  const save = async () => {
    const value = items.map((x) => ({ ...x, title: x.title.trim(), link: x.link?.trim() ? x.link.trim() : null }));
    if (value.some((x) => x.imageUrl === '')) {
      setError('У каждого элемента должна быть картинка');
      return;
    }
    const problem = validateSetting(setting, value);
    setError(problem);
    if (problem !== null) return;
    const result = await action.run(
      adminUpdateSetting,
      { params: { name: setting.name }, body: { value } },
      { success: `Сохранено: ${setting.title}` },
    );
    if (result.ok) onSaved(result.value);
  };
  return (
    <div className={s.panel} data-setting={setting.name}>
      <h3 className={s.dialogTitle}>{setting.title}</h3>
      <p className={s.hint}>{setting.description}</p>
      {items.map((item, i) => (
        <div
          key={item.id}
          className={s.listItem}
          role="group"
          aria-label={`${setting.title}: ${i + 1}`}
          style={{ alignItems: 'flex-start' }}
        >
          <ImageField
            kind={kind}
            value={item.imageUrl || null}
            onChange={(url) => update(i, { imageUrl: url ?? '' })}
            disabled={!canEdit}
          />
          <div style={{ flex: 1 }}>
            <Field label="Заголовок">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={item.title}
                  readOnly={!canEdit}
                  onChange={(e) => update(i, { title: e.target.value })}
                />
              )}
            </Field>
            <Field label="Ссылка" hint="Путь на сайте (/catalog/rolls) или пусто">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={item.link ?? ''}
                  readOnly={!canEdit}
                  onChange={(e) => update(i, { link: e.target.value })}
                />
              )}
            </Field>
          </div>
          {canEdit ? (
            <div className={s.actions} style={{ flexDirection: 'column' }}>
              <button type="button" className={cx(s.button, s.secondary)} aria-label="Выше" onClick={() => move(i, -1)}>
                ↑
              </button>
              <button type="button" className={cx(s.button, s.secondary)} aria-label="Ниже" onClick={() => move(i, 1)}>
                ↓
              </button>
              <button
                type="button"
                className={cx(s.button, s.danger)}
                onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
              >
                Удалить
              </button>
            </div>
          ) : null}
        </div>
      ))}
      {error ? (
        <p className={s.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      {canEdit ? (
        <div className={s.actions}>
          <button
            type="button"
            className={cx(s.button, s.secondary)}
            onClick={() =>
              setItems((list) => [
                ...list,
                { id: `${kind}-${Date.now().toString(36)}`, title: '', imageUrl: '', link: null },
              ])
            }
          >
            Добавить
          </button>
          <button type="button" className={s.button} disabled={action.pending} onClick={() => void save()}>
            Сохранить
          </button>
        </div>
      ) : null}
    </div>
  );
}

export default function ContentPage() {
  const [tab, setTab] = useState<'pages' | 'stories'>('pages');
  const settings = useAdminQuery(adminListSettings, {}, { enabled: tab === 'stories' });
  const saved = (x: AdminSetting) =>
    settings.replace((d) => ({ ...d, settings: d.settings.map((y) => (y.name === x.name ? x : y)) }));
  return (
    <section>
      <PageHead title="Страницы и истории" />
      <div className={s.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'pages'}
          className={cx(s.tab, tab === 'pages' && s.tabActive)}
          onClick={() => setTab('pages')}
        >
          Информационные страницы
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'stories'}
          className={cx(s.tab, tab === 'stories' && s.tabActive)}
          onClick={() => setTab('stories')}
        >
          Истории и слайды
        </button>
      </div>
      {tab === 'pages' ? (
        <PagesSection />
      ) : (
        <QueryView query={settings}>
          {(data) => (
            <>
              {(['STORIES', 'SLIDES'] as const).map((name) => {
                const setting = data.settings.find((x) => x.name === name);
                return setting ? (
                  <SlidesEditor
                    key={`${name}-${setting.updatedAt}`}
                    setting={setting}
                    kind={name === 'STORIES' ? 'stories' : 'slides'}
                    onSaved={saved}
                  />
                ) : null;
              })}
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}
