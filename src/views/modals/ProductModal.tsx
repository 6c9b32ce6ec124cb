import { selectProductById } from '../app/selectors';
import { useDispatch, useSelector } from '../app/store';
import { ProductDetail } from '../components/ProductDetail';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';

export function ProductModal({ productId, onClose }: { productId: string; onClose: () => void }) {
  const dispatch = useDispatch();
  const product = useSelector((s) => selectProductById(s, productId));
  const catalog = useSelector((s) => s.catalog.catalog);
  if (product === undefined || catalog === null) {
    return (
      <Dialog title="Блюдо не найдено" onClose={onClose} size="s">
        <p className={ui.muted}>Блюдо в данный момент отсутствует на сайте.</p>
      </Dialog>
    );
  }
  return (
    <Dialog title={null} label={product.name} onClose={onClose} size="l">
      <ProductDetail
        product={product}
        catalog={catalog}
        onAdded={() => dispatch({ type: 'CloseModal', data: { kind: 'product' } })}
      />
    </Dialog>
  );
}
