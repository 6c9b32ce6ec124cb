// @vitest-environment jsdom
// The admin kit on its own: labelled controls wired by id with their error as an alert, the editor
// frame's buttons by role, the editor field state, tabs, tables and paging; and the pure helpers
// the editors were split into (zone contour, modifier rows).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorForm, useEditorFields } from '../../../src/views/admin/kit/editor';
import {
  CheckField,
  NumberField,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
  optionsOf,
} from '../../../src/views/admin/kit/fields';
import { AdminTable, FilterForm, Pager, TabBar, rangeOf, usePaging } from '../../../src/views/admin/kit/lists';
import { rowsToModifiers, MODIFIERS_PROBLEM } from '../../../src/views/admin/menu/ModifiersEditor';
import { closeRing, textToPolygon } from '../../../src/views/admin/settings/cities/polygon';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('admin kit fields', () => {
  it('a text field is named by its label, shows its error as an alert and its hint, and reports what is typed', () => {
    const typed: string[] = [];
    render(
      <TextField
        label="Цена, ₽"
        error="Целое число рублей"
        hint="Без копеек"
        inputMode="numeric"
        value="12"
        onChange={(v) => typed.push(v)}
      />,
    );
    const input = screen.getByLabelText('Цена, ₽') as HTMLInputElement;
    expect(input.value).toBe('12');
    expect(input.inputMode).toBe('numeric');
    expect(screen.getByRole('alert').textContent).toBe('Целое число рублей');
    expect(screen.getByText('Без копеек')).toBeTruthy();
    fireEvent.change(input, { target: { value: '15' } });
    expect(typed).toEqual(['15']);
  });

  it('a number field is a text field with the digit keyboard', () => {
    render(<NumberField label="Порядок" value="3" onChange={() => undefined} />);
    const input = screen.getByLabelText('Порядок') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.value).toBe('3');
  });

  it('a password field asks the password manager for the saved password or a new one', () => {
    render(
      <>
        <PasswordField kind="current" label="Текущий пароль" value="" onChange={() => undefined} />
        <PasswordField kind="new" label="Новый пароль" value="" onChange={() => undefined} />
      </>,
    );
    const current = screen.getByLabelText('Текущий пароль') as HTMLInputElement;
    const next = screen.getByLabelText('Новый пароль') as HTMLInputElement;
    expect([current.type, current.autocomplete]).toEqual(['password', 'current-password']);
    expect([next.type, next.autocomplete]).toEqual(['password', 'new-password']);
  });

  it('no error, no alert; a textarea and a select are wired the same way', () => {
    const picked: string[] = [];
    render(
      <>
        <TextAreaField label="Описание" value="" onChange={() => undefined} />
        <SelectField
          label="Город"
          value="b"
          onChange={(v) => picked.push(v)}
          options={[
            { value: '', label: 'Все города' },
            ...optionsOf([{ id: 'b', name: 'Братск' }], (c) => [c.id, c.name]),
          ]}
        />
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Описание').tagName).toBe('TEXTAREA');
    const select = screen.getByRole('combobox', { name: 'Город' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Все города', 'Братск']);
    expect(select.value).toBe('b');
    fireEvent.change(select, { target: { value: '' } });
    expect(picked).toEqual(['']);
  });

  it('a check field is a checkbox named by its text', () => {
    const seen: boolean[] = [];
    render(<CheckField label="Виден на сайте" checked={false} onChange={(on) => seen.push(on)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Виден на сайте' }));
    expect(seen).toEqual([true]);
  });
});

function Editor({ canEdit, onSaved }: { canEdit: boolean; onSaved: (name: string) => void }) {
  const { form, text, flag, report } = useEditorFields({ name: '', isActive: true });
  const [deleted, setDeleted] = useState(false);
  return (
    <EditorForm
      label="Проба"
      title={deleted ? 'Удалено' : 'Новая проба'}
      canEdit={canEdit}
      pending={false}
      onSubmit={async () => {
        if (!report(form.name.trim() === '' ? { name: 'Введите название' } : {})) return;
        onSaved(`${form.name}:${String(form.isActive)}`);
        await Promise.resolve();
      }}
      onBack={() => undefined}
      readOnlyNote="Изменять может администратор."
      remove={{
        label: 'Удалить пробу',
        confirm: 'Удалить пробу «Ролл»?',
        run: async () => setDeleted(await Promise.resolve(true)),
      }}
    >
      <TextField label="Название" {...text('name', (typed) => typed.trim())} />
      <CheckField label="Действует" {...flag('isActive')} />
    </EditorForm>
  );
}

describe('admin editor frame', () => {
  it('checks on submit, shows the problem under its field, then saves what was typed (cleaned)', async () => {
    const saved: string[] = [];
    render(<Editor canEdit onSaved={(x) => saved.push(x)} />);
    const form = screen.getByRole('form', { name: 'Проба' });
    expect(within(form).getByRole('heading', { name: 'Новая проба' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Введите название');
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: ' Ролл ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Действует' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(saved).toEqual(['Ролл:false']);
    expect(within(form).queryByRole('alert')).toBeNull();
    const asked: string[] = [];
    const answers = [false, true];
    vi.spyOn(window, 'confirm').mockImplementation((question) => {
      asked.push(String(question));
      return answers.shift() ?? false;
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Удалить пробу' }));
    expect(within(form).getByRole('heading', { name: 'Новая проба' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Удалить пробу' }));
    expect(await within(form).findByRole('heading', { name: 'Удалено' })).toBeTruthy();
    expect(asked).toEqual(['Удалить пробу «Ролл»?', 'Удалить пробу «Ролл»?']);
  });

  it('a role that may not save sees disabled fields, the note instead of Сохранить, and no delete', () => {
    render(<Editor canEdit={false} onSaved={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Проба' });
    expect(within(form).getByLabelText('Название').matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Удалить пробу' })).toBeNull();
    expect(within(form).getByText('Изменять может администратор.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Назад' })).toBeTruthy();
  });
});

describe('admin list pieces', () => {
  it('tabs mark the selected one and report a click', () => {
    const clicked: string[] = [];
    const tabs = [
      { id: 'a', label: 'Первая' },
      { id: 'b', label: 'Вторая' },
    ] as const;
    render(<TabBar tabs={tabs} value="a" onChange={(id) => clicked.push(id)} />);
    expect(screen.getByRole('tab', { name: 'Первая' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Вторая' }).getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('tab', { name: 'Вторая' }));
    expect(clicked).toEqual(['b']);
  });

  it('a filter form submits with Найти; a table has its named column heads', () => {
    let submitted = 0;
    render(
      <>
        <FilterForm label="Фильтры" onSubmit={() => (submitted += 1)}>
          <TextField label="Телефон" value="" onChange={() => undefined} />
        </FilterForm>
        <AdminTable label="Заказы" columns={['№', { label: 'Сумма', num: true }, '']}>
          <tr>
            <td>1</td>
            <td>500</td>
            <td />
          </tr>
        </AdminTable>
      </>,
    );
    fireEvent.click(within(screen.getByRole('form', { name: 'Фильтры' })).getByRole('button', { name: 'Найти' }));
    expect(submitted).toBe(1);
    const heads = within(screen.getByRole('table', { name: 'Заказы' })).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['№', 'Сумма', '']);
  });

  it('the pager turns pages of `size` and stops at both ends', () => {
    const offsets: number[] = [];
    const { rerender } = render(
      <Pager offset={0} size={50} total={120} onChange={(o) => offsets.push(o)} summary={rangeOf(0, 50, 120)} />,
    );
    expect(screen.getByText('1–50 из 120')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Назад' }).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    rerender(<Pager offset={100} size={50} total={120} onChange={(o) => offsets.push(o)} summary="" />);
    expect(screen.getByRole('button', { name: 'Дальше' }).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(offsets).toEqual([50, 50]);
  });
});

function PagedList() {
  const { offset, restart, pager } = usePaging(50);
  return (
    <>
      <Pager {...pager} total={120} summary={rangeOf(offset, Math.min(50, 120 - offset), 120)} />
      <button type="button" onClick={restart}>
        Найти
      </button>
    </>
  );
}

describe('admin paging state', () => {
  it('usePaging keeps the offset the pager turns to; restart goes back to the first page', () => {
    render(<PagedList />);
    fireEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    fireEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(screen.getByText('101–120 из 120')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect(screen.getByText('1–50 из 120')).toBeTruthy();
  });
});

describe('helpers split out of the editors', () => {
  it('closeRing repeats the first point once; a closed contour of 4 points parses', () => {
    const open = '1, 2\n3, 4\n5, 6';
    expect(closeRing(open)).toBe('1, 2\n3, 4\n5, 6\n1, 2');
    expect(closeRing(closeRing(open))).toBe('1, 2\n3, 4\n5, 6\n1, 2');
    expect(textToPolygon(closeRing(open))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [1, 2],
    ]);
    expect(textToPolygon(open)).toBe('Нужно не меньше 4 точек (первая повторяется в конце)');
  });

  it('modifier rows become group modifiers; an incomplete row makes none', () => {
    const row = { id: 'sizes', required: true, maxAmount: '2', prices: { big: '50' } };
    expect(rowsToModifiers([row])).toEqual([
      { id: 'sizes', required: true, maxAmount: 2, modifiers: [{ modifierId: 'big', price: 50 }] },
    ]);
    expect(rowsToModifiers([row, { ...row, prices: {} }])).toBeNull();
    expect(rowsToModifiers([{ ...row, prices: { big: 'дорого' } }])).toBeNull();
    expect(rowsToModifiers([{ ...row, maxAmount: '0' }])).toBeNull();
    expect(MODIFIERS_PROBLEM).toContain('количество от 1');
  });
});
