// @vitest-environment jsdom
// Text typed into a server-rendered field before hydration reaches the view once the page has
// hydrated (src/views/app/earlyInput.ts): React alone keeps the typed text on screen but never
// reports it, which lost a search typed right after the load.
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyInput } from '../../src/views/app/earlyInput';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

const seen: string[] = [];
function Search() {
  const [text, setText] = useState('');
  return (
    <div>
      <input
        aria-label="Поиск по меню"
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          seen.push(e.target.value);
        }}
      />
      <input aria-label="Промокод" value="" onChange={(e) => seen.push(`other:${e.target.value}`)} />
      <output>{text}</output>
    </div>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  seen.length = 0;
  document.body.innerHTML = '';
});

async function hydrateAfterTyping(typed: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Search />);
  document.body.append(container);
  const field = container.querySelector<HTMLInputElement>('input[type="search"]');
  if (field === null) throw new Error('no search field');
  field.value = typed; // what a visitor types before the page has hydrated
  await act(async () => {
    root = hydrateRoot(container, <Search />);
    await Promise.resolve();
  });
  return container;
}

describe('text typed before hydration', () => {
  it('is not reported by hydration alone (the defect the replay answers)', async () => {
    const container = await hydrateAfterTyping('филадельфия');
    expect(seen).toEqual([]);
    expect(container.querySelector('output')?.textContent).toBe('');
  });

  it('reaches the view once, as a change, after replayEarlyInput; untouched fields stay quiet', async () => {
    const container = await hydrateAfterTyping('филадельфия');
    act(() => replayEarlyInput(container));
    expect(seen).toEqual(['филадельфия']);
    expect(container.querySelector('output')?.textContent).toBe('филадельфия');
    expect(container.querySelector<HTMLInputElement>('input[type="search"]')?.value).toBe('филадельфия');
    act(() => replayEarlyInput(container));
    expect(seen).toEqual(['филадельфия']);
  });
});
