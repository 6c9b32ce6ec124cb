// Step one of a phone order: the caller's phone. Found: the customer and their balance; not found:
// create the account (the storefront's kind, so they can sign in with this phone later) once they
// agreed on the call to the processing of personal data.
import { useState } from 'react';
import {
  adminPhoneCreateCustomer,
  adminPhoneFindCustomer,
  type PhoneCustomer,
} from '../../../api/contract/admin/phoneOrders';
import { validatePhone } from '../../../domain/phone';
import { useAdminAction } from '../data/hooks';
import { CheckField, GroupError, TextField } from '../kit/fields';
import { FilterForm } from '../kit/lists';
import s from '../admin.module.css';

export function PhoneCustomerStep({ onChosen }: { onChosen: (customer: PhoneCustomer) => void }) {
  const action = useAdminAction();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);

  const find = async () => {
    const checked = validatePhone(draft);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    const result = await action.run(adminPhoneFindCustomer, { query: { phone: checked.phone } });
    if (!result.ok) return;
    if (result.value.found) onChosen(result.value.found);
    else setMissing(result.value.phone);
  };

  const create = async () => {
    if (missing === null) return;
    if (!consent) {
      setConsentError('Спросите у клиента согласие на обработку персональных данных');
      return;
    }
    setConsentError(null);
    const result = await action.run(
      adminPhoneCreateCustomer,
      { body: { phone: missing, name: name.trim(), consent } },
      { success: 'Клиент создан' },
    );
    if (result.ok) onChosen(result.value);
  };

  return (
    <div>
      <FilterForm label="Поиск клиента по телефону" onSubmit={() => void find()}>
        <TextField
          label="Телефон клиента"
          error={error}
          type="search"
          inputMode="tel"
          autoComplete="off"
          placeholder="+7 999 123-45-67"
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setMissing(null);
          }}
        />
      </FilterForm>
      {missing !== null ? (
        <form
          className={s.panel}
          aria-label="Новый клиент"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <p>Клиента с номером {missing} нет. Создайте его: потом он войдёт на сайт по этому номеру и увидит заказ.</p>
          <TextField label="Имя" maxLength={100} value={name} onChange={setName} />
          <CheckField
            label="Клиент согласен на обработку персональных данных"
            checked={consent}
            onChange={setConsent}
          />
          <GroupError error={consentError} />
          <button type="submit" className={s.button} disabled={action.pending}>
            Создать клиента
          </button>
        </form>
      ) : null}
    </div>
  );
}
