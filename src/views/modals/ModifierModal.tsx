// 'Выберите ролл', 'Выберите размер'… (titled by the modifier groups) — the modifier choice before adding (PRODUCT.md §4 rule 4, promo gifts with modifiers).
import { useMemo, useState } from 'react';
import type { Modal } from '../../events/modal';
import { modifierChoiceTitle } from '../../domain/modifierTitle';
import { formatPrice } from '../../domain/price';
import { TITLE_MODIFIER } from '../../projections/modal';
import { selectProductById } from '../app/selectors';
import { useDispatch, useSelector } from '../app/store';
import { ModifierPicker } from '../components/ModifierPicker';
import { choicePrice, initialChoice, isComplete, modifierGroups, toChosenMods } from '../components/modifiers';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export function ModifierModal({
  modal,
  onClose,
}: {
  modal: Extract<Modal, { kind: 'modifier' }>;
  onClose: () => void;
}) {
  const product = useSelector((s) => selectProductById(s, modal.productId));
  const catalog = useSelector((s) => s.catalog.catalog);
  if (product === undefined || catalog === null) {
    return (
      <Dialog title={TITLE_MODIFIER} onClose={onClose} size="s">
        <p className={ui.muted}>Блюдо в данный момент отсутствует на сайте.</p>
      </Dialog>
    );
  }
  return <ModifierForm modal={modal} onClose={onClose} product={product} catalog={catalog} />;
}

function ModifierForm({
  modal,
  onClose,
  product,
  catalog,
}: {
  modal: Extract<Modal, { kind: 'modifier' }>;
  onClose: () => void;
  product: NonNullable<ReturnType<typeof selectProductById>>;
  catalog: NonNullable<Parameters<typeof modifierGroups>[1]>;
}) {
  const dispatch = useDispatch();
  const groups = useMemo(() => modifierGroups(product, catalog), [product, catalog]);
  const [choice, setChoice] = useState(() => initialChoice(groups));
  const complete = isComplete(groups, choice);
  const price = modal.isGift ? 0 : choicePrice(product, groups, choice);
  return (
    <Dialog title={modifierChoiceTitle(groups)} onClose={onClose}>
      <p className={styles.text}>
        <strong>{product.name}</strong>
        {modal.isGift ? ' — в подарок' : ''}
      </p>
      <ModifierPicker groups={groups} choice={choice} onChange={setChoice} />
      <div className={ui.actions}>
        <button
          type="button"
          className={`${ui.button} ${ui.block}`}
          disabled={!complete}
          onClick={() =>
            dispatch({
              type: 'AddItem',
              data: {
                productId: product.id,
                mods: toChosenMods(choice),
                isGift: modal.isGift,
                fromPromocode: modal.fromPromocode,
              },
            })
          }
        >
          {modal.isGift ? 'Добавить подарок' : `Добавить за ${formatPrice(price)}`}
        </button>
      </div>
    </Dialog>
  );
}
