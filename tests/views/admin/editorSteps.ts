// Steps through an admin editor, read as `editor.fill(form, …)` by the tests: open a row's form or
// a new record's, fill its fields, press its buttons, see a refusal that sends nothing, and wait for
// the one request a save sends.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { RouteDef } from '../../../src/api/route';
import type { FakeRequest, FakeServer } from './helpers';

/** Opens the editor of the row reading `row` in the table named `table`; resolves to the editor's form named `form`. */
export async function openRow(table: string, row: string, form: string): Promise<HTMLElement> {
  const list = await screen.findByRole('table', { name: table });
  fireEvent.click(await within(list).findByText(row));
  return screen.findByRole('form', { name: form });
}

/** Presses the button `button` that starts a new record; resolves to the editor's form named `form`. */
export async function openNew(button: string, form: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('form', { name: form });
}

/** Sets the field labelled `label` inside `scope` to `value`, as typing it would. */
export const fill = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Presses `button` (by default «Сохранить») inside `scope`. */
export const press = (scope: HTMLElement, button = 'Сохранить') =>
  fireEvent.click(within(scope).getByRole('button', { name: button }));

/**
 * Presses `button` inside `scope` and expects the editor to refuse before sending: `message` is the
 * one alert there and `route` got no request.
 */
export function expectRefusedBeforeSending(
  scope: HTMLElement,
  message: string,
  server: FakeServer,
  route: RouteDef,
  button = 'Сохранить',
) {
  press(scope, button);
  expect(within(scope).getByRole('alert').textContent).toBe(message);
  expect(server.calls(route)).toHaveLength(0);
}

/** Presses `button` inside `scope` and waits for the one request it sends to `route`. */
export function pressAndAwaitRequest(
  scope: HTMLElement,
  server: FakeServer,
  route: RouteDef,
  button = 'Сохранить',
): Promise<FakeRequest> {
  press(scope, button);
  return waitFor(() => {
    const calls = server.calls(route);
    expect(calls).toHaveLength(1);
    return calls[0] as FakeRequest;
  });
}
