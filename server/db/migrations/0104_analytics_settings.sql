-- 0104 web counters (docs/ANALYTICS.md): the Yandex Metrika counter number and the Google
-- Analytics 4 measurement id, edited in /admin settings like every other setting. Empty (the
-- default) means no counter: the storefront then neither asks for consent nor loads a script.
-- `on conflict` keeps a value an operator stored before this migration ran.

insert into settings (name, title, type, widget, description, value, position)
values
  ('METRIKA_COUNTER_ID', 'Счётчик Яндекс Метрики', 'string', 'text',
   'Номер счётчика Яндекс Метрики (только цифры). Пусто — Метрика не подключается.', '""', 1000),
  ('GA4_MEASUREMENT_ID', 'Идентификатор Google Analytics 4', 'string', 'text',
   'Идентификатор потока данных вида G-XXXXXXXXXX. Пусто — Google Analytics не подключается.', '""', 1001)
on conflict (name) do nothing;
