// @vitest-environment jsdom
// The admin list screens' add button, the table under it, and the on/off badge (a restaurant works,
// a product is on the site…).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddButton, AdminTable, OnOffBadge } from '../../../src/views/admin/kit/lists';

afterEach(cleanup);

describe('admin list add button, table and badge', () => {
  it('the add button shows only to a role that may create; an on/off badge says which and is coloured by it', () => {
    const opened: string[] = [];
    render(
      <>
        <AddButton can={false} label="Добавить город" onClick={() => opened.push('город')} />
        <AddButton label="Добавить сотрудника" onClick={() => opened.push('сотрудник')} />
        <OnOffBadge on onText="работает" offText="закрыт" />
        <OnOffBadge on={false} onText="работает" offText="закрыт" />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Добавить город' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    expect(opened).toEqual(['сотрудник']);
    expect(screen.getByText('работает').className).not.toBe(screen.getByText('закрыт').className);
  });

  it('a table under the add button is set off from it; any other is not', () => {
    render(
      <>
        <AdminTable label="Сотрудники" belowButton>
          <tr />
        </AdminTable>
        <AdminTable label="Заказы">
          <tr />
        </AdminTable>
      </>,
    );
    const below = screen.getByRole('table', { name: 'Сотрудники' }).className.split(' ');
    const plain = screen.getByRole('table', { name: 'Заказы' }).className.split(' ');
    expect(below).toEqual(expect.arrayContaining(plain));
    expect(below.length).toBe(plain.length + 1);
  });
});
