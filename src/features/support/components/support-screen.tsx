import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { BLOCK_TIMES, SUPPORT_EMAIL } from '#web/config/site.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { compact, email, type FieldErrors, required } from '#web/lib/forms/validation.ts';
import {
  SUPPORT_FIELDS,
  type SupportField,
  type SupportMessage,
  sendSupportMessage,
} from '../api/qa-email.ts';

const REQUIRED: readonly SupportField[] = ['name', 'email', 'detail'];

export function supportFormErrors(m: SupportMessage): FieldErrors<SupportField> {
  return compact({
    name: required(m.name),
    phone: m.phone.trim() && !/^\+?[\d\s().-]{6,40}$/.test(m.phone.trim()) ? 'invalid' : null,
    email: email(m.email),
    address: null,
    country: null,
    city: null,
    district: null,
    ward: null,
    detail: required(m.detail),
  });
}

/** Support: the help centre's answers and the contact form. */
export function SupportScreen() {
  const { t } = useTranslation(['pages', 'help']);
  usePageTitle(t('support.title'));
  return (
    <>
      <h1>{t('help:title')}</h1>
      <p className="muted">{t('help:intro')}</p>
      <HelpCentre />
      <section className="section" aria-labelledby="contact-title">
        <h2 id="contact-title">{t('help:contactTitle')}</h2>
        <p>
          {t('help:contactIntro')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <ContactForm />
      </section>
      <section className="section" id="privacy">
        <h2>{t('help:privacyTitle')}</h2>
        <p>{t('help:privacyText')}</p>
      </section>
      <section className="section" id="terms">
        <h2>{t('help:termsTitle')}</h2>
        <p>{t('help:termsText')}</p>
      </section>
    </>
  );
}

function HelpCentre() {
  const { t } = useTranslation('help');
  return (
    <div className="faq">
      <details open>
        <summary>{t('feeQ')}</summary>
        <p>{t('feeA')}</p>
      </details>
      <details>
        <summary>{t('returnsQ')}</summary>
        <p>{t('returnsA')}</p>
      </details>
      <details>
        <summary>{t('blockTimeQ')}</summary>
        <p>
          {t('blockTimeA', {
            slow: BLOCK_TIMES.slow.seconds,
            slowChain: BLOCK_TIMES.slow.chain,
            fast: BLOCK_TIMES.fast.seconds,
            fastChain: BLOCK_TIMES.fast.chain,
          })}
        </p>
      </details>
      <details>
        <summary>{t('bidsQ')}</summary>
        <p>{t('bidsA')}</p>
      </details>
      <details>
        <summary>{t('productsQ')}</summary>
        <p>{t('productsA')}</p>
        <ul>
          <li>{t('product.magicBags')}</li>
          <li>{t('product.limitedEditions')}</li>
          <li>{t('product.fractional')}</li>
          <li>{t('product.preOrders')}</li>
          <li>{t('product.events')}</li>
        </ul>
      </details>
      <details>
        <summary>{t('mintQ')}</summary>
        <p>{t('mintA')}</p>
      </details>
    </div>
  );
}

function ContactForm() {
  const { t } = useTranslation('pages');
  const [errors, setErrors] = useState<FieldErrors<SupportField>>({});
  const mutation = useMutation({ mutationFn: sendSupportMessage });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const message = Object.fromEntries(
      SUPPORT_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]),
    ) as SupportMessage;
    const found = supportFormErrors(message);
    setErrors(found);
    if (Object.keys(found).length === 0)
      mutation.mutate(message, { onSuccess: () => formEl.reset() });
  };
  const field = (name: SupportField, extra: Record<string, unknown> = {}) => ({
    name,
    label: t(`support.form.${name}`),
    error: errors[name],
    required: REQUIRED.includes(name),
    ...extra,
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="contact-title">
      <div className="form-grid">
        <TextField {...field('name', { autoComplete: 'name' })} />
        <TextField {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
        <TextField {...field('email', { type: 'email', autoComplete: 'email' })} />
        <TextField {...field('address', { autoComplete: 'street-address' })} />
        <TextField {...field('country', { autoComplete: 'country-name' })} />
        <TextField {...field('city', { autoComplete: 'address-level1' })} />
        <TextField {...field('district', { autoComplete: 'address-level2' })} />
        <TextField {...field('ward', { autoComplete: 'address-level3' })} />
        <TextAreaField {...field('detail', { wide: true, rows: 5 })} />
      </div>
      <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
      {mutation.isSuccess ? (
        <p role="status" className="form__ok">
          {t('support.form.sent')}
        </p>
      ) : null}
      <Button type="submit" busy={mutation.isPending}>
        {t('support.form.submit')}
      </Button>
    </form>
  );
}
