// Text typed into a server-rendered field before hydration: React hydrates a controlled field
// without reading what it holds (it keeps the DOM value and starts tracking it), so the view's
// state never hears of that text and a search typed right after the load was lost. Once the page
// has hydrated, each such field is handed its text again as an input event React sees as a change.

/** The fields whose text a change event carries (taps on the others are kept by captureEarlyClicks). */
const TEXT_FIELDS = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea';

/**
 * For each field under `root` whose text differs from the value it was rendered with
 * (`defaultValue`, which hydration sets to the rendered value): React's tracked value is set back
 * to the rendered one, the typed text restored past the tracker, and an input event dispatched.
 */
export function replayEarlyInput(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const nativeSetter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (nativeSetter === undefined) continue;
    field.value = field.defaultValue;
    nativeSetter.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
