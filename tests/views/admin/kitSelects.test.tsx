// @vitest-environment jsdom
// The admin kit's selects with an empty first option: «Все рестораны», «не назначен», the top level.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CitySelect, RestaurantSelect, SelectField } from '../../../src/views/admin/kit/fields';

afterEach(cleanup);

const optionsIn = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

describe('admin kit selects', () => {
  it('`all` puts the empty value first, named; without it there is none', () => {
    const picked: string[] = [];
    render(
      <>
        <RestaurantSelect
          restaurants={[{ deliveryTerminalId: 'dt-1', name: 'Ленина, 1' }]}
          all="Все рестораны"
          value="dt-1"
          onChange={(id) => picked.push(id)}
        />
        <CitySelect cities={[{ id: 'city-1', name: 'Ангарск' }]} value="city-1" onChange={() => undefined} />
      </>,
    );
    expect(optionsIn('Ресторан')).toEqual([
      ['', 'Все рестораны'],
      ['dt-1', 'Ленина, 1'],
    ]);
    expect(optionsIn('Город')).toEqual([['city-1', 'Ангарск']]);
    fireEvent.change(screen.getByLabelText('Ресторан'), { target: { value: '' } });
    expect(picked).toEqual(['']);
  });

  it('a select field names its empty option before the others', () => {
    render(
      <SelectField
        label="Курьер"
        value=""
        onChange={() => undefined}
        empty="не назначен"
        options={[{ value: 'c-1', label: 'Иван' }]}
      />,
    );
    expect(optionsIn('Курьер')).toEqual([
      ['', 'не назначен'],
      ['c-1', 'Иван'],
    ]);
  });
});
