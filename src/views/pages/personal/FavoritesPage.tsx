import { selectExcludedAllergens } from '../../app/selectors';
import { jsonEqual, useSelector } from '../../app/store';
import { WithCatalog } from '../../components/CatalogState';
import { ProductGrid } from '../../components/ProductGrid';
import ui from '../../components/ui.module.css';
import { menuProducts, withoutAllergens } from '../../../domain/catalog';
import { PersonalLayout } from './PersonalLayout';

export default function FavoritesPage() {
  const excluded = useSelector(selectExcludedAllergens, jsonEqual);
  return (
    <PersonalLayout title="Избранное">
      <WithCatalog>
        {(catalog) => {
          const liked = withoutAllergens(menuProducts(catalog), excluded).filter((p) => p.isLiked);
          return liked.length === 0 ? (
            <p className={ui.muted}>Отмечайте блюда сердечком, и они появятся здесь.</p>
          ) : (
            <ProductGrid products={liked} catalog={catalog} />
          );
        }}
      </WithCatalog>
    </PersonalLayout>
  );
}
