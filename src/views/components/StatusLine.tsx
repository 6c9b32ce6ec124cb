// A one-line status under a form's totals ('Пересчитываем скидки…'). The line keeps its place
// while empty: shown and hidden around each recalculation, it moved the button below it, and a
// tap meant for 'Оформить заказ' could land where the button had just been.
import ui from './ui.module.css';

export function StatusLine({ text, testId }: { text: string | null; testId?: string }) {
  return (
    <p className={`${ui.muted} ${ui.statusLine}`} role="status" data-testid={testId}>
      {text ?? ''}
    </p>
  );
}
