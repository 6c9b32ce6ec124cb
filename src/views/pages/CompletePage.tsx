import { AppLink } from '../app/routing';
import ui from '../components/ui.module.css';

export default function CompletePage({ ok }: { ok: boolean }) {
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>{ok ? 'Спасибо за заказ!' : 'Не удалось оформить заказ'}</h1>
      <p>{ok ? 'Мы уже начали готовить. Оператор свяжется с вами, если понадобится.' : 'Оплата не прошла или заказ не был принят. Попробуйте ещё раз.'}</p>
      <AppLink to={ok ? '/' : '/cart'} className={ui.button}>
        {ok ? 'На главную' : 'Вернуться в корзину'}
      </AppLink>
    </div>
  );
}
