// One choice among several (a city, an address, a restaurant, a delivery time, delivery or
// pickup), marked while it is the chosen one.
import type { ButtonHTMLAttributes } from 'react';
import ui from '../components/ui.module.css';

export function OptionButton({
  active,
  ...button
}: { active: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className={active ? `${ui.option} ${ui.optionActive}` : ui.option} {...button} />;
}
