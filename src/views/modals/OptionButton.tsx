// One choice among several (an address, a restaurant, a delivery time), marked while it is the
// chosen one, and a list of them.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import ui from '../components/ui.module.css';

export function OptionButton({
  active,
  ...button
}: { active: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className={active ? `${ui.option} ${ui.optionActive}` : ui.option} {...button} />;
}

/** A list of choices; picking the chosen one again only closes the modal. */
export function ChoiceList<T extends { id: string }>({
  items,
  chosenId,
  onPick,
  onClose,
  children,
}: {
  items: readonly T[];
  chosenId: string | null;
  onPick: (id: string) => void;
  onClose: () => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={ui.list}>
      {items.map((item) => (
        <li key={item.id}>
          <OptionButton
            active={item.id === chosenId}
            onClick={() => (item.id === chosenId ? onClose() : onPick(item.id))}
          >
            {children(item)}
          </OptionButton>
        </li>
      ))}
    </ul>
  );
}
