// The refusal of a whole form (the server's message or the form's own check), announced as an alert.
import ui from './ui.module.css';

export function FormError({ error }: { error: string | null }) {
  return error === null ? null : (
    <p className={ui.error} role="alert">
      {error}
    </p>
  );
}
