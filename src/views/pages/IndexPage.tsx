// Index: slider, stories, the menu by sections with a sticky section bar.
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Catalog } from '../../api/entities';
import { menuSections } from '../app/catalogView';
import { useProgressiveSections } from '../app/reveal';
import { AppLink } from '../app/routing';
import { selectCurrentCity, selectExcludedAllergens } from '../app/selectors';
import { jsonEqual, useSelector } from '../app/store';
import { WithCatalog } from '../components/CatalogState';
import { imageSrc, imageSrcSet, SLIDE_FALLBACK_WIDTH, SLIDE_SIZES, SLIDE_WIDTHS } from '../../api/images';
import { ProductGrid } from '../components/ProductGrid';
import { ProductLinks } from '../components/ProductLinks';
import { SectionBar } from '../components/SectionBar';
import ui from '../components/ui.module.css';
import styles from './IndexPage.module.css';

function MaybeLink({
  to,
  className,
  children,
  label,
}: {
  to: string | null;
  className: string | undefined;
  children: ReactNode;
  label: string;
}) {
  if (to === null) return <div className={className}>{children}</div>;
  return (
    <AppLink to={to} className={className} aria-label={label}>
      {children}
    </AppLink>
  );
}

/** Settings not loaded yet: the slider and stories keep their place, so nothing below them jumps. */
const useSettingsLoaded = () => useSelector((s) => s.setting.settings !== null);

/**
 * The slides after the first come after hydration: in the server's HTML they sit in <noscript> (a
 * browser without scripts shows them; one with scripts fetches nothing there), so the page's load
 * spends its bandwidth on the first slide, the page's largest picture, and the pictures on screen.
 */
const noChange = () => () => undefined;
function useRestOfSlides(): boolean {
  // false in the server's render and while hydrating it, true from then on (and at once on a client render)
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

function Slider() {
  const loaded = useSettingsLoaded();
  const slides = useSelector((s) => s.setting.settings?.SLIDES ?? [], jsonEqual);
  const restShown = useRestOfSlides();
  if (!loaded) {
    return (
      <div className={styles.slider} aria-hidden="true" data-testid="slider-placeholder">
        <div className={styles.slides}>
          <div className={styles.slide} />
        </div>
      </div>
    );
  }
  if (slides.length === 0) return <div className={styles.sliderSpacer} />;
  return (
    <section className={styles.slider} aria-label="Акции">
      <div className={styles.slides}>
        {slides.map((slide, i) => {
          const image = (
            <img
              src={imageSrc(slide.imageUrl, SLIDE_FALLBACK_WIDTH)}
              srcSet={imageSrcSet(slide.imageUrl, SLIDE_WIDTHS)}
              sizes={SLIDE_SIZES}
              alt=""
              // The first slide is the page's largest picture (LCP): fetched first (index.html preloads
              // it, server/routes/site.ts); the rest when scrolled to.
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              className={styles.slideImage}
            />
          );
          return (
            <MaybeLink key={slide.id} to={slide.link} className={styles.slide} label={slide.title}>
              {i === 0 || restShown ? image : <noscript>{image}</noscript>}
              <span className={styles.slideTitle}>{slide.title}</span>
            </MaybeLink>
          );
        })}
      </div>
    </section>
  );
}

function Stories() {
  const loaded = useSettingsLoaded();
  const stories = useSelector((s) => s.setting.settings?.STORIES ?? [], jsonEqual);
  if (!loaded) return <div className={styles.stories} aria-hidden="true" />;
  if (stories.length === 0) return null;
  return (
    <section className={styles.stories} aria-label="Истории">
      {stories.map((story) => (
        <MaybeLink key={story.id} to={story.link} className={styles.story} label={story.title}>
          <span className={styles.storyRing}>
            <img
              src={imageSrc(story.imageUrl, 160)}
              alt=""
              className={styles.storyImage}
              loading="lazy"
              fetchPriority="low"
            />
          </span>
          <span className={styles.storyTitle}>{story.title}</span>
        </MaybeLink>
      ))}
    </section>
  );
}

function Menu({ catalog }: { catalog: Catalog }) {
  const excluded = useSelector(selectExcludedAllergens, jsonEqual);
  const sections = menuSections(catalog, excluded);
  const rendered = useProgressiveSections(sections);
  return (
    <>
      <SectionBar groups={sections.map((s) => s.group)} mode="anchor" />
      {rendered.map(({ section: s, cards }) => (
        <section
          key={s.group.id}
          id={`section-${s.group.slug}`}
          className={styles.section}
          aria-labelledby={`h-${s.group.slug}`}
        >
          <h2 id={`h-${s.group.slug}`} className={styles.sectionTitle}>
            <AppLink to={`/catalog/${encodeURIComponent(s.group.slug)}`}>{s.group.name}</AppLink>
          </h2>
          {cards > 0 && (
            <ProductGrid
              products={cards === s.products.length ? s.products : s.products.slice(0, cards)}
              catalog={catalog}
              // the first slide is the page's largest picture: the menu's and the stories' yield to it
              afterLargest
            />
          )}
          <ProductLinks products={s.products.slice(cards)} catalog={catalog} />
        </section>
      ))}
    </>
  );
}

/** The page's heading, for screen readers and search engines (the slider is the visual header). */
export function indexTitle(cityIn: string | null): string {
  return cityIn === null ? 'Роллы и пицца с доставкой' : `Роллы и пицца с доставкой ${cityIn}`;
}

export default function IndexPage() {
  const cityIn = useSelector((s) => selectCurrentCity(s)?.cityIn ?? null);
  return (
    <>
      <h1 className="visually-hidden">{indexTitle(cityIn)}</h1>
      <Slider />
      <div className={ui.container}>
        <Stories />
        <div id="top-of-catalog" />
        <WithCatalog>{(catalog) => <Menu catalog={catalog} />}</WithCatalog>
      </div>
    </>
  );
}
