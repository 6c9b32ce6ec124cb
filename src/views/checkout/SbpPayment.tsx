// /complete of an SBP order awaiting its money (docs/CHECKOUT.md «SBP»): on a computer the QR to
// scan with the phone, on a phone a button that opens the bank link (CSS picks one by the
// width); both wait live for the server's confirmation. When the QR's time runs out (by this
// device's clock, or as the server says) 'Время оплаты истекло' and a button for a new QR.
import { useEffect, useState } from 'react';
import type { PaymentSession } from '../../api/contract/payments';
import { sbpQrExpired } from '../../domain/payment';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import styles from './Checkout.module.css';

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** This device's time (ISO), moved on when the QR's deadline passes, so the expiry shows by itself. */
function useNowUntil(deadline: string | null): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    if (deadline === null) return;
    const left = Math.max(0, Date.parse(deadline) - Date.now());
    const timer = setTimeout(() => setNow(new Date().toISOString()), left);
    return () => clearTimeout(timer);
  }, [deadline]);
  return now;
}

function LiveQr({ session, deadline }: { session: PaymentSession; deadline: string | null }) {
  const sbp = session.sbp;
  if (sbp === null) return <p className={ui.muted}>Получаем QR-код…</p>;
  return (
    <>
      <div className={styles.sbpQr} data-testid="sbp-qr">
        <img src={sbp.qr} width={240} height={240} alt="QR-код для оплаты через СБП" />
        <p>Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату.</p>
      </div>
      <div className={styles.sbpLink}>
        <a className={ui.button} href={sbp.link} data-testid="sbp-bank-link">
          Оплатить в приложении банка
        </a>
        <p>Откроется приложение вашего банка, там нужно подтвердить оплату.</p>
      </div>
      {deadline !== null && <p className={ui.muted}>QR-код действует до {timeFormat.format(new Date(deadline))}.</p>}
    </>
  );
}

export function SbpPayment({ orderId }: { orderId: string }) {
  const dispatch = useDispatch();
  const sbp = useSelector((s) => (s.checkout.sbp?.orderId === orderId ? s.checkout.sbp : null), jsonEqual);
  const session = sbp?.session ?? null;
  const deadline = sbp?.deadline ?? null;
  const now = useNowUntil(session?.status === 'pending' ? deadline : null);
  const expired = session !== null && sbpQrExpired(session, deadline, now);
  const renewing = sbp?.renewing === true;
  const error = renewing ? null : (sbp?.error ?? null);
  const renew = () => dispatch({ type: 'RenewSbpPayment', data: { orderId } });
  let body;
  if (renewing || (session === null && error === null)) {
    body = <p className={ui.muted}>{renewing ? 'Получаем новый QR-код…' : 'Получаем QR-код…'}</p>;
  } else if (session !== null && !expired) {
    body = <LiveQr session={session} deadline={deadline} />;
  } else if (expired) {
    body = (
      <div role="alert">
        <p className={styles.sbpExpired}>Время оплаты истекло</p>
        <p>QR-код больше не действует. Получите новый, чтобы оплатить заказ.</p>
      </div>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="sbp-title" data-testid="sbp-payment">
      <h2 id="sbp-title" className={styles.sectionTitle}>
        Оплата через СБП
      </h2>
      {body}
      {error !== null && <p role="alert">{error}</p>}
      {!renewing && (expired || (error !== null && session === null)) && (
        <button type="button" className={ui.button} onClick={renew}>
          Получить новый QR-код
        </button>
      )}
    </section>
  );
}
