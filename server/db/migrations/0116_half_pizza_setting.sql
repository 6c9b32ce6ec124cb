-- 0116 half-and-half pizza (docs/HALF-PIZZA.md): the HALF_PIZZA setting, edited in /admin settings
-- like every other setting and checked against the shared Settings schema. null (the default here)
-- means the chain does not sell half-and-half pizzas; the demo seed turns it on. The halves of an
-- ordered half-and-half pizza live in the order's `items` (jsonb), on the line's `halfPizza`.
-- `on conflict` keeps a value an operator stored before this migration ran.

insert into settings (name, title, type, widget, description, value, position)
values
  ('HALF_PIZZA', 'Пицца из половинок', 'json', 'json',
   'Правило цены пиццы из двух половинок одного размера: {"pricing": "dearer" — по более дорогой половине, или "sum" — половина цены каждой (с округлением вверх до рубля); "fee" — доплата в рублях; "sizeGroupId" — id группы модификаторов с размером пиццы}. null — пицца из половинок не продаётся.',
   'null', 1010)
on conflict (name) do nothing;
