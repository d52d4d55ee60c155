import { ACCOUNT_CONSENT_LABELS as LABELS } from '@lumina/shared/privacy/privacy-texts';
import { TERMS_IN_DEVELOPMENT_ALERT } from '@lumina/shared/users/consents';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import { useStore } from '../lib/store-settings.ts';
import { CheckboxField } from './ui/form-field.tsx';

const linkClass = 'font-semibold text-ink-900 underline underline-offset-2 hover:text-gold-700';

export interface AccountConsentFieldsProps {
  /** Prefix of the checkboxes' ids ('cadastro' gives cadastro-politica, cadastro-termos...). */
  idPrefix: string;
  registrations: {
    privacyPolicy: UseFormRegisterReturn;
    termsOfService: UseFormRegisterReturn;
    marketingComm: UseFormRegisterReturn;
    dataProcessing: UseFormRegisterReturn;
  };
  errors?: { privacyPolicy?: string; termsOfService?: string };
}

/**
 * The register form's four consents (spec 000 §3): the policy and the terms required, e-mail
 * marketing and data processing optional. Also asked of an account created with Google, which
 * never saw the register form.
 */
export function AccountConsentFields({
  idPrefix,
  registrations,
  errors = {},
}: AccountConsentFieldsProps) {
  const termsWritten = useStore()?.policies.terms === true;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-ink-900">{LABELS.legend}</legend>
      <CheckboxField
        id={`${idPrefix}-politica`}
        registration={registrations.privacyPolicy}
        error={errors.privacyPolicy}
      >
        {LABELS.privacyPolicyLead}{' '}
        {/* A new tab: what was typed (or the question being answered) stays where it is. */}
        <Link to="/politica-privacidade" target="_blank" rel="noopener" className={linkClass}>
          {LABELS.privacyPolicyLink}
          <span className="sr-only"> (abre em nova aba)</span>
        </Link>{' '}
        {LABELS.required}
      </CheckboxField>
      <CheckboxField
        id={`${idPrefix}-termos`}
        registration={registrations.termsOfService}
        error={errors.termsOfService}
      >
        {LABELS.termsOfServiceLead}{' '}
        {/* The shop's terms once the owner has written them; until then the spec's notice. */}
        {termsWritten ? (
          <Link to={POLICY_PAGES.terms.path} target="_blank" rel="noopener" className={linkClass}>
            {LABELS.termsOfServiceLink}
            <span className="sr-only"> (abre em nova aba)</span>
          </Link>
        ) : (
          <button
            type="button"
            className={linkClass}
            onClick={(event) => {
              // Inside the label: a click must not tick the box as well.
              event.preventDefault();
              window.alert(TERMS_IN_DEVELOPMENT_ALERT);
            }}
          >
            {LABELS.termsOfServiceLink}
          </button>
        )}{' '}
        {LABELS.required}
      </CheckboxField>
      <CheckboxField id={`${idPrefix}-marketing`} registration={registrations.marketingComm}>
        {LABELS.marketingComm}
      </CheckboxField>
      <CheckboxField id={`${idPrefix}-dados`} registration={registrations.dataProcessing}>
        {LABELS.dataProcessing}
      </CheckboxField>
    </fieldset>
  );
}
