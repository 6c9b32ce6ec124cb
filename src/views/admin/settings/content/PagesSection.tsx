// The informational pages' title and text per city: pick the city and the page, edit, save.
import { useState } from 'react';
import { adminListPages, adminSavePage } from '../../../../api/contract/admin/settings';
import { PAGE_SLUGS, type PageSlug } from '../../../../api/contract/pages';
import { useAdminAction, useAdminQuery, useCan } from '../../data/hooks';
import { useReference } from '../../data/reference';
import { CitySelect, SelectField, TextAreaField, TextField, optionsOf } from '../../kit/fields';
import { QueryView, formatDateTime } from '../../ui';
import s from '../../admin.module.css';
import { ActionButton } from '../../kit/ActionButton';

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
      <TextField label="Заголовок" error={error} readOnly={!canEdit} value={title} onChange={setTitle} />
      <TextAreaField
        label="Текст"
        hint="Абзацы через пустую строку; «## » в начале — заголовок; строки с «- » — список."
        style={{ minHeight: 320 }}
        readOnly={!canEdit}
        value={body}
        onChange={setBody}
      />
      {canEdit ? (
        <ActionButton pending={action.pending} run={save}>
          Сохранить страницу
        </ActionButton>
      ) : null}
    </div>
  );
}

export function PagesSection() {
  const ref = useReference();
  const [city, setCity] = useState('');
  const [slug, setSlug] = useState<PageSlug>('about');
  const cityId = city || ref.cities[0]?.id || '';
  const pages = useAdminQuery(adminListPages, { query: { cityId } }, { enabled: cityId !== '' });
  return (
    <>
      <div className={s.filters}>
        <CitySelect cities={ref.cities} value={cityId} onChange={setCity} />
        <SelectField
          label="Страница"
          value={slug}
          onChange={(picked) => setSlug(PAGE_SLUGS.find((p) => p === picked) ?? 'about')}
          options={optionsOf(PAGE_SLUGS, (p) => [p, `${PAGE_TITLES[p]} (/${p})`])}
        />
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
