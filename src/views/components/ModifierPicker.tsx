// Modifier groups of a product: radio groups for single choices, checkboxes up to maxAmount.
import { formatPrice } from '../../domain/price';
import { toggle, type ModChoice, type ModGroupView } from './modifiers';
import styles from './ModifierPicker.module.css';

export function ModifierPicker({
  groups,
  choice,
  onChange,
}: {
  groups: readonly ModGroupView[];
  choice: ModChoice;
  onChange: (next: ModChoice) => void;
}) {
  return (
    <div className={styles.groups}>
      {groups.map((g) => (
        <fieldset key={g.id} className={styles.group}>
          <legend className={styles.legend}>
            {g.name}
            {g.required ? <span className={styles.required}> · обязательно</span> : null}
            {g.maxAmount > 1 ? <span className={styles.hint}> · до {g.maxAmount}</span> : null}
          </legend>
          <div className={styles.options}>
            {g.options.map((o) => {
              const checked = (choice[g.id]?.[o.modifierId] ?? 0) > 0;
              return (
                <label key={o.modifierId} className={checked ? `${styles.option} ${styles.checked}` : styles.option}>
                  <input
                    type={g.maxAmount <= 1 ? 'radio' : 'checkbox'}
                    name={`mod-${g.id}`}
                    checked={checked}
                    onChange={() => onChange(toggle(choice, g, o.modifierId))}
                    onClick={() => {
                      // A checked radio of an optional group can be cleared by clicking it again.
                      if (g.maxAmount <= 1 && checked && !g.required) onChange(toggle(choice, g, o.modifierId));
                    }}
                  />
                  <span className={styles.name}>{o.name}</span>
                  {o.price > 0 ? <span className={styles.price}>+{formatPrice(o.price)}</span> : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
