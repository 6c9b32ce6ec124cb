import { describe, expect, it } from 'vitest';
import { modifierChoiceTitle } from '../../src/domain/modifierTitle';

describe("the modifier dialog's title follows what is chosen (PRODUCT.md modal 'Выберите ролл')", () => {
  it.each([
    [[{ name: 'Выберите ролл', required: true }], 'Выберите ролл'],
    [[{ name: 'Ролл на выбор', required: true }], 'Выберите ролл'],
    [
      [
        { name: 'Размер пиццы', required: true },
        { name: 'Тесто', required: false },
      ],
      'Выберите размер',
    ],
    [
      [
        { name: 'Добавки к пицце', required: false },
        { name: 'Размер', required: true },
      ],
      'Выберите размер',
    ],
    [[{ name: 'Соусы', required: true }], 'Выберите соус'],
    [[{ name: 'Тесто', required: true }], 'Выберите тесто'],
    [[{ name: 'Напиток к комбо', required: true }], 'Выберите напиток'],
    [[{ name: 'Добавки', required: false }], 'Выберите добавки'],
    [[{ name: 'Острота', required: true }], 'Выберите вариант'],
    [[], 'Выберите вариант'],
  ])('%o → %s', (groups, title) => {
    expect(modifierChoiceTitle(groups)).toBe(title);
  });
});
