// /catalog and /catalog/{section}: section bar, search field and filter chips (mutually
// exclusive: setting one clears the other), product cards; allergen-excluded products hidden.
import { useEffect, useRef, useState } from 'react';
import type { Catalog } from '../../api/entities';
import type { AppCommand } from '../../commands';
import { availableFilters, menuSections, queriedProducts } from '../app/catalogView';
import { useProgressiveSections } from '../app/reveal';
import { selectExcludedAllergens } from '../app/selectors';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { WithCatalog } from '../components/CatalogState';
import { HalfPizzaEntry } from '../components/HalfPizzaEntry';
import { ProductGrid } from '../components/ProductGrid';
import { ProductLinks } from '../components/ProductLinks';
import { SectionBar } from '../components/SectionBar';
import ui from '../components/ui.module.css';
import { NotFoundPage } from './ErrorPage';
import styles from './CatalogPage.module.css';

export const SEARCH_DEBOUNCE_MS = 250;

function SearchAndFilters({ catalog }: { catalog: Catalog }) {
  const dispatch = useDispatch();
  const query = useSelector((s) => s.catalog.query);
  const [text, setText] = useState(query.mode === 'search' ? query.text : '');
  const timer = useRef<number | undefined>(undefined);
  // A filter chip clears the search (PRODUCT.md §4): the field follows the projection.
  useEffect(() => {
    if (query.mode !== 'search') setText('');
  }, [query.mode]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onText = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => dispatch({ type: 'SearchCatalog', data: { text: value } }),
      SEARCH_DEBOUNCE_MS,
    );
  };
  // A chip chosen while the typed text still waits for its debounce replaces that search: the
  // timer must not bring it back a moment later (the list showing the search, the field empty).
  const onChip = (command: AppCommand) => {
    window.clearTimeout(timer.current);
    dispatch(command);
  };
  const filters = availableFilters(catalog);
  const activeCodes = query.mode === 'filter' ? query.codes : [];
  return (
    <div className={styles.tools}>
      <label className={styles.search}>
        <span className="visually-hidden">Поиск по меню</span>
        <input
          className={ui.input}
          type="search"
          placeholder="Поиск: название, состав, категория"
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
      </label>
      {filters.length > 0 && (
        <div className={styles.chips} role="group" aria-label="Фильтры">
          {filters.map((f) => {
            const active = activeCodes.includes(f.code);
            return (
              <button
                key={f.code}
                type="button"
                className={active ? `${ui.chip} ${ui.chipActive}` : ui.chip}
                aria-pressed={active}
                onClick={() =>
                  onChip(
                    active
                      ? { type: 'ClearCatalogQuery', data: {} }
                      : { type: 'FilterCatalog', data: { codes: [f.code] } },
                  )
                }
              >
                {f.name}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The cards a phone shows on the catalogue's first screen (two, under the title and filters). */
const FIRST_SCREEN_CARDS = 2;

function CatalogContent({ catalog, section }: { catalog: Catalog; section: string | null }) {
  const excluded = useSelector(selectExcludedAllergens, jsonEqual);
  const query = useSelector((s) => s.catalog.query);
  const sections = menuSections(catalog, excluded);
  const current = section === null ? null : (sections.find((s) => s.group.slug === section) ?? null);
  const groupExists = section === null || catalog.groups.some((g) => g.slug === section && g.parentGroup === null);
  const shown = useProgressiveSections(section === null ? sections : current === null ? [] : [current]);
  if (!groupExists) return <NotFoundPage />;
  const title =
    current?.group.name ??
    (section === null ? 'Меню' : (catalog.groups.find((g) => g.slug === section)?.name ?? 'Меню'));
  // On a section page the search and filters look inside that section only.
  const inSection = current === null ? null : new Set(current.products.map((p) => p.id));
  const matches =
    query.mode === 'all'
      ? null
      : queriedProducts(catalog, query, excluded).filter((p) => inSection === null || inSection.has(p.id));
  // The first screen's cards may span sections (a section of one dish, then the next).
  const eagerCards = shown.map((_, i) =>
    Math.max(0, FIRST_SCREEN_CARDS - shown.slice(0, i).reduce((n, s) => n + s.cards, 0)),
  );
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle} id="top-of-catalog">
        {title}
      </h1>
      <SectionBar groups={sections.map((s) => s.group)} mode="link" active={section} />
      <SearchAndFilters catalog={catalog} />
      {matches !== null ? (
        matches.length === 0 ? (
          <p className={styles.empty}>Ничего не нашлось. Попробуйте изменить запрос.</p>
        ) : (
          <ProductGrid products={matches} catalog={catalog} />
        )
      ) : shown.length === 0 ? (
        <p className={styles.empty}>В этом разделе пока нет блюд.</p>
      ) : (
        shown.map(({ section: s, cards }, i) => (
          <section key={s.group.id} className={styles.section} aria-label={s.group.name}>
            {section === null && <h2 className={styles.sectionTitle}>{s.group.name}</h2>}
            <p className={styles.sectionAction}>
              <HalfPizzaEntry groupId={s.group.id} />
            </p>
            {cards > 0 && (
              <ProductGrid
                products={cards === s.products.length ? s.products : s.products.slice(0, cards)}
                catalog={catalog}
                eagerCards={eagerCards[i]}
              />
            )}
            <ProductLinks products={s.products.slice(cards)} catalog={catalog} />
          </section>
        ))
      )}
    </div>
  );
}

export default function CatalogPage({ section }: { section: string | null }) {
  return <WithCatalog>{(catalog) => <CatalogContent catalog={catalog} section={section} />}</WithCatalog>;
}
